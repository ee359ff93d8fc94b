import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tag } from '@reverie/shared';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { tagsKeys } from '@/lib/query-keys/tags';

/** GET /api/tags?limit=0 (all tags). product.md §7: the answer is a plain array or an object with `items`. */
export async function getTags(): Promise<Tag[]> {
  const response: unknown = await apiRequest(api.tags.list, { query: { limit: 0 } });
  if (Array.isArray(response)) return response as Tag[];
  const items = (response as { items?: unknown } | null)?.items;
  return Array.isArray(items) ? (items as Tag[]) : [];
}

export const tagsQueryOptions = queryOptions({
  queryKey: tagsKeys.list({ limit: 0 }),
  queryFn: getTags,
  retry: false,
});

export function useTags(enabled = true) {
  return useQuery({ ...tagsQueryOptions, enabled });
}
