import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GuidesResponse } from '@reverie/shared/schemas/content';
import { api } from '@/lib/api-client';

/** GET /api/guides: every guide as a card (title, summary, cover, reading time). */
export function getGuides(): Promise<GuidesResponse> {
  return api.get<GuidesResponse>('/api/guides', { skipAuth: true });
}

export const guidesQueryOptions = () => queryOptions({ queryKey: ['guides'], queryFn: getGuides });

export function useGuides() {
  return useQuery(guidesQueryOptions());
}
