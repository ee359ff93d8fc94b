import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { searchKeys } from '@/lib/query-keys/search';

export const SEARCH_LIMIT = 24;

/** GET /api/search?q=…&type[]=characters&type[]=creators&type[]=tags (typo-tolerant on the server). */
export const search = (q: string) =>
  apiRequest(api.search.search, { query: { q, type: ['characters', 'creators', 'tags'], limit: SEARCH_LIMIT } });

export function searchQueryOptions(q: string) {
  return queryOptions({ queryKey: searchKeys.results(q), queryFn: () => search(q) });
}

export function useSearch(q: string) {
  return useQuery({ ...searchQueryOptions(q), enabled: q.length > 0 });
}
