import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { chatSearchKeys } from '@/lib/query-keys/chat';

/** GET /api/conversations/search: matches across every conversation, by character and by group chat (10 results a page). */
export function useAllChatsSearch(q: string) {
  return useInfiniteQuery({
    queryKey: chatSearchKeys.all(q),
    queryFn: ({ pageParam }) => apiRequest(api.chatSearch.all, { query: { q, page: pageParam, limit: 10 } }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 10_000,
  });
}
