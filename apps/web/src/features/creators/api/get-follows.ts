import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { creatorsKeys, type FollowListKind } from '@/lib/query-keys/creators';

export const FOLLOWS_PAGE_SIZE = 12;

/** GET /api/users/{id}/followers or /following: a page of creators, most recent first. */
export const getFollows = (kind: FollowListKind, userId: string, page: number) =>
  apiRequest(kind === 'followers' ? api.social.followers : api.social.following, {
    params: { id: userId },
    query: { page, limit: FOLLOWS_PAGE_SIZE },
  });

export function followsInfiniteQueryOptions(kind: FollowListKind, userId: string) {
  return infiniteQueryOptions({
    queryKey: creatorsKeys.follows(kind, userId),
    queryFn: ({ pageParam }) => getFollows(kind, userId, pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
  });
}

export function useFollowsInfinite(kind: FollowListKind, userId: string) {
  return useInfiniteQuery(followsInfiniteQueryOptions(kind, userId));
}
