import { useMutation } from '@tanstack/react-query';
import type { ChatMemory } from '@reverie/shared';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { chatKeys } from '@/lib/query-keys/chat';
import { updateConversation } from '../lib/session-cache';

export interface SetRecallInput {
  conversationId: string;
  enabled: boolean;
}

/** PUT /api/conversations/{id}/recall: recall from earlier in the conversation on or off. */
export const setRecall = ({ conversationId, enabled }: SetRecallInput) =>
  apiRequest(api.memory.setRecall, { params: { id: conversationId }, body: { enabled } });

/** Affects the cached session of the conversation and its memory (their `recall`). */
export function useSetRecall() {
  return useMutation({
    mutationFn: setRecall,
    onSuccess: ({ enabled }, { conversationId }) => {
      updateConversation(conversationId, (s) => ({ ...s, memory: { ...s.memory, recall: enabled } }));
      queryClient.setQueryData<ChatMemory>(chatKeys.memory(conversationId), (m) => (m ? { ...m, recall: enabled } : m));
    },
  });
}
