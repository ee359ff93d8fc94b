import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { chatKeys } from '@/lib/query-keys/chat';

/** GET /api/conversations: the caller's conversations, newest activity first. */
export const getConversations = (page: number) => apiRequest(api.chat.conversations, { query: { page, limit: 20 } });

export function useConversations(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: chatKeys.conversations(),
    queryFn: ({ pageParam }) => getConversations(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    enabled,
  });
}
