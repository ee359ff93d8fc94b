import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { LIKES_FAVORITES_STALE_TIME_MS } from '@/lib/query-client';
import { charactersKeys } from '@/lib/query-keys/characters';

/** GET /api/users/{id}/likedCharacters (own account), most recently liked first. */
export const getLikedCharacters = (userId: string) =>
  apiRequest(api.characters.likedCharacters, { params: { id: userId }, query: { limit: 50 } });

/** Cached 5 minutes (product.md §9); likes made here patch or invalidate it. */
export function likedCharactersQueryOptions(userId: string) {
  return queryOptions({
    queryKey: charactersKeys.liked(userId),
    queryFn: () => getLikedCharacters(userId),
    staleTime: LIKES_FAVORITES_STALE_TIME_MS,
  });
}

export function useLikedCharacters(userId: string | undefined) {
  return useQuery({ ...likedCharactersQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}
