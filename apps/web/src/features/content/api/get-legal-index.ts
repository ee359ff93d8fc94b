import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { contentKeys } from '@/lib/query-keys/content';

/** GET /api/legal: the twelve legal pages with one-line summaries. */
export const getLegalIndex = () => apiRequest(api.content.legalIndex);

export const legalIndexQueryOptions = () => queryOptions({ queryKey: contentKeys.legal, queryFn: getLegalIndex });

export function useLegalIndex() {
  return useQuery(legalIndexQueryOptions());
}
