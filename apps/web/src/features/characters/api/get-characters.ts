import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { CharacterPage } from '@reverie/shared';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { charactersKeys, type CharactersListQuery } from '@/lib/query-keys/characters';

export const FEED_PAGE_SIZE = 24;

/** GET /api/characters: one page of the catalogue (sort, filter, category, tag). */
export const getCharacters = (query: CharactersListQuery & { page: number }) => apiRequest(api.characters.list, { query });

/** The next page number, or undefined when the server said there is no more. */
export const nextPageParam = (last: CharacterPage) => (last.hasMore ? last.page + 1 : undefined);

export function charactersInfiniteQueryOptions(query: CharactersListQuery) {
  const full = { limit: FEED_PAGE_SIZE, ...query };
  return infiniteQueryOptions({
    queryKey: charactersKeys.list(full),
    queryFn: ({ pageParam }) => getCharacters({ ...full, page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
  });
}

export function useCharactersInfinite(query: CharactersListQuery, enabled = true) {
  return useInfiniteQuery({ ...charactersInfiniteQueryOptions(query), enabled });
}
