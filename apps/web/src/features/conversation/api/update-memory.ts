import { useMutation } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { updateConversation } from '../lib/session-cache';

export interface UpdateMemoryInput {
  conversationId: string;
  body: { summary: string; pinned: string[] };
}

/** PUT /api/conversations/{id}/memory: the summary and pinned facts. */
export const updateMemory = ({ conversationId, body }: UpdateMemoryInput) =>
  apiRequest(api.chat.updateMemory, { params: { id: conversationId }, body });

/** Affects the cached session of the conversation (its memory). */
export function useUpdateMemory() {
  return useMutation({
    mutationFn: updateMemory,
    onSuccess: (memory, { conversationId }) => updateConversation(conversationId, (s) => ({ ...s, memory })),
  });
}
