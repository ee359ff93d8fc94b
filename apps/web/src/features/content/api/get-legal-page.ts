import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { contentKeys } from '@/lib/query-keys/content';

/** GET /api/legal/{slug}: one legal page as Markdown with its table of contents (404 when unknown). */
export const getLegalPage = (slug: string) => apiRequest(api.content.legalPage, { params: { slug } });

export const legalPageQueryOptions = (slug: string) =>
  queryOptions({ queryKey: contentKeys.legalPage(slug), queryFn: () => getLegalPage(slug) });

export function useLegalPage(slug: string) {
  return useQuery(legalPageQueryOptions(slug));
}
