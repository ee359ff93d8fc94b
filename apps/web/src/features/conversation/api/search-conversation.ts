import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { chatSearchKeys } from '@/lib/query-keys/chat';

/** GET /api/conversations/{id}/search: matches in one conversation, newest first (`q` already trimmed; nothing is asked for an empty one). */
export function useConversationSearch(conversationId: string, q: string) {
  return useQuery({
    queryKey: chatSearchKeys.inConversation(conversationId, q),
    queryFn: () => apiRequest(api.chatSearch.inConversation, { params: { id: conversationId }, query: { q, limit: 30 } }),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 10_000,
  });
}
