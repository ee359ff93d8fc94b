import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { FEED_PAGE_SIZE, nextPageParam } from './get-characters';
import { charactersKeys, type UserCharactersListQuery } from '@/lib/query-keys/characters';

/** GET /api/users/{id}/characters: a creator's characters (public ones, unless it is the caller). */
export const getUserCharacters = (userId: string, query: UserCharactersListQuery & { page: number }) =>
  apiRequest(api.characters.userCharacters, { params: { id: userId }, query });

export function userCharactersInfiniteQueryOptions(userId: string, query: UserCharactersListQuery = {}) {
  const full = { limit: FEED_PAGE_SIZE, ...query };
  return infiniteQueryOptions({
    queryKey: charactersKeys.byUser(userId, full),
    queryFn: ({ pageParam }) => getUserCharacters(userId, { ...full, page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });
}

export function useUserCharactersInfinite(userId: string | undefined, query: UserCharactersListQuery = {}) {
  return useInfiniteQuery({ ...userCharactersInfiniteQueryOptions(userId ?? '', query), enabled: Boolean(userId) });
}
