import { useMutation } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { chatKeys } from '@/lib/query-keys/chat';

export interface AddMemoryInput {
  conversationId: string;
  text: string;
}

/** POST /api/conversations/{id}/memories: a memory the user writes into the journal. */
export const addMemory = ({ conversationId, text }: AddMemoryInput) =>
  apiRequest(api.memory.addMemory, { params: { id: conversationId }, body: { text } });

/** Affects every cached journal (conversations with the same character or group share one). */
export function useAddMemory() {
  return useMutation({ mutationFn: addMemory, onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.journals() }) });
}
