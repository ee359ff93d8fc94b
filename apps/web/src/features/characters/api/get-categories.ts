import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { charactersKeys } from '@/lib/query-keys/characters';

/** GET /api/categories: curated collections first, then the tag categories. */
export const getCategories = () => apiRequest(api.categories.list, { query: {} });

export const categoriesQueryOptions = queryOptions({ queryKey: charactersKeys.categories(), queryFn: getCategories });

export function useCategories() {
  return useQuery(categoriesQueryOptions);
}
