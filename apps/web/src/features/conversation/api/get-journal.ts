import { useQuery } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { chatKeys } from '@/lib/query-keys/chat';

/** GET /api/conversations/{id}/memories: the journal of the conversation's character (or group), pinned first. */
export const getJournal = (conversationId: string) => apiRequest(api.memory.journal, { params: { id: conversationId } });

export function useJournal(conversationId: string) {
  return useQuery({ queryKey: chatKeys.journal(conversationId), queryFn: () => getJournal(conversationId) });
}
