import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { contentKeys } from '@/lib/query-keys/content';

/** GET /api/faq: questions and answers, grouped (product.md §7 Legal). */
export const getFaq = () => apiRequest(api.content.faq);

export const faqQueryOptions = () => queryOptions({ queryKey: contentKeys.faq, queryFn: getFaq });

export function useFaq() {
  return useQuery(faqQueryOptions());
}
