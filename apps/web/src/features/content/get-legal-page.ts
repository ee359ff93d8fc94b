import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LegalDocument } from '@reverie/shared/schemas/content';
import { api } from '@/lib/api-client';

/** GET /api/legal/{slug}: one legal page as Markdown with its table of contents (404 when unknown). */
export function getLegalPage(slug: string): Promise<LegalDocument> {
  return api.get<LegalDocument>(`/api/legal/${encodeURIComponent(slug)}`, { skipAuth: true });
}

export const legalPageQueryOptions = (slug: string) => queryOptions({ queryKey: ['legal', slug], queryFn: () => getLegalPage(slug) });

export function useLegalPage(slug: string) {
  return useQuery(legalPageQueryOptions(slug));
}
