import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { contentKeys } from '@/lib/query-keys/content';

/** GET /api/guides: every guide as a card (title, summary, cover, reading time). */
export const getGuides = () => apiRequest(api.content.guides);

export const guidesQueryOptions = () => queryOptions({ queryKey: contentKeys.guides, queryFn: getGuides });

export function useGuides() {
  return useQuery(guidesQueryOptions());
}
