import { useQuery } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { chatKeys } from '@/lib/query-keys/chat';

/** GET /api/conversations/{id}/memory: the summary and pinned facts as they are now. */
export const getMemory = (conversationId: string) => apiRequest(api.chat.memory, { params: { id: conversationId } });

export function useMemory(conversationId: string) {
  return useQuery({ queryKey: chatKeys.memory(conversationId), queryFn: () => getMemory(conversationId) });
}
