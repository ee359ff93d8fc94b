import { useMutation } from '@tanstack/react-query';
import type { MemoryJournal } from '@reverie/shared';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { chatKeys } from '@/lib/query-keys/chat';

export interface ForgetMemoryInput {
  conversationId: string;
  memoryId: string;
}

/** DELETE /api/conversations/{id}/memories/{memoryId}: "Forget this"; answers the journal without it. */
export const forgetMemory = ({ conversationId, memoryId }: ForgetMemoryInput) =>
  apiRequest(api.memory.forgetMemory, { params: { id: conversationId, memoryId } });

/** Affects this conversation's journal (set from the answer) and every other cached one (refetched). */
export function useForgetMemory() {
  return useMutation({
    mutationFn: forgetMemory,
    onSuccess: (journal, { conversationId }) => {
      queryClient.setQueryData<MemoryJournal>(chatKeys.journal(conversationId), journal);
      void queryClient.invalidateQueries({
        queryKey: chatKeys.journals(),
        predicate: (q) => q.queryKey[2] !== conversationId,
      });
    },
  });
}
