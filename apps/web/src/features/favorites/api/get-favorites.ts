import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { LIKES_FAVORITES_STALE_TIME_MS } from '@/lib/query-client';
import { FEED_PAGE_SIZE, nextPageParam } from '@/features/characters';
import { favoritesKeys } from '@/lib/query-keys/favorites';

/** GET /api/favorites: the caller's favorite characters, most recent first. */
export const getFavorites = (page: number) => apiRequest(api.favorites.list, { query: { page, limit: FEED_PAGE_SIZE } });

/** Keyed by user so one account never sees another's list; cached 5 minutes (product.md §9). */
export function favoritesInfiniteQueryOptions(userId: string) {
  return infiniteQueryOptions({
    queryKey: favoritesKeys.list(userId),
    queryFn: ({ pageParam }) => getFavorites(pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    staleTime: LIKES_FAVORITES_STALE_TIME_MS,
  });
}

export function useFavoritesInfinite(userId: string | undefined) {
  return useInfiniteQuery({ ...favoritesInfiniteQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}
