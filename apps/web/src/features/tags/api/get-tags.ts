import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tag, TagsResponse } from '@reverie/shared';
import type { z } from 'zod';
import { api } from '@/lib/api-client';

/** GET /api/tags?limit=0 (all tags). SPEC §7: the answer is a plain array or an object with `items`. */
export async function getTags(): Promise<Tag[]> {
  const response = await api.get<z.infer<typeof TagsResponse> | Tag[]>('/api/tags', { query: { limit: 0 } });
  if (Array.isArray(response)) return response;
  return Array.isArray(response?.items) ? response.items : [];
}

export const tagsQueryOptions = queryOptions({
  queryKey: ['tags', 'all'],
  queryFn: getTags,
  retry: false,
});

export function useTags(enabled = true) {
  return useQuery({ ...tagsQueryOptions, enabled });
}
