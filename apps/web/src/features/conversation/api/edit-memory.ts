import { useMutation } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { chatKeys } from '@/lib/query-keys/chat';

export interface EditMemoryInput {
  conversationId: string;
  memoryId: string;
  /** A new text, a pin or unpin, or both. */
  body: { text?: string; pinned?: boolean };
}

/** PATCH /api/conversations/{id}/memories/{memoryId}: a memory's new text, or its pin. */
export const editMemory = ({ conversationId, memoryId, body }: EditMemoryInput) =>
  apiRequest(api.memory.editMemory, { params: { id: conversationId, memoryId }, body });

/** Affects every cached journal (conversations with the same character or group share one). */
export function useEditMemory() {
  return useMutation({ mutationFn: editMemory, onSuccess: () => queryClient.invalidateQueries({ queryKey: chatKeys.journals() }) });
}
