import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LegalIndexResponse } from '@reverie/shared/schemas/content';
import { api } from '@/lib/api-client';

/** GET /api/legal: the twelve legal pages with one-line summaries. */
export function getLegalIndex(): Promise<LegalIndexResponse> {
  return api.get<LegalIndexResponse>('/api/legal', { skipAuth: true });
}

export const legalIndexQueryOptions = () => queryOptions({ queryKey: ['legal'], queryFn: getLegalIndex });

export function useLegalIndex() {
  return useQuery(legalIndexQueryOptions());
}
