import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FaqResponse } from '@reverie/shared/schemas/content';
import { api } from '@/lib/api-client';

/** GET /api/faq: questions and answers, grouped (SPEC §7 Legal). */
export function getFaq(): Promise<FaqResponse> {
  return api.get<FaqResponse>('/api/faq', { skipAuth: true });
}

export const faqQueryOptions = () => queryOptions({ queryKey: ['faq'], queryFn: getFaq });

export function useFaq() {
  return useQuery(faqQueryOptions());
}
