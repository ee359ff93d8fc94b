import { queryOptions, useQuery } from '@tanstack/react-query';
import { ContentSlug, type GuideDocument } from '@reverie/shared/schemas/content';
import { api } from '@/lib/api-client';

/** GET /api/guides/{slug}: one article with its table of contents and related guides (404 when unknown). */
export function getGuide(slug: string): Promise<GuideDocument> {
  return api.get<GuideDocument>(`/api/guides/${encodeURIComponent(slug)}`, { skipAuth: true });
}

export const guideQueryOptions = (slug: string) => queryOptions({ queryKey: ['guides', slug], queryFn: () => getGuide(slug) });

/** Slugs that cannot exist (wrong characters) are not asked for: the page shows not-found at once. */
export function useGuide(slug: string) {
  return useQuery({ ...guideQueryOptions(slug), enabled: ContentSlug.safeParse(slug).success });
}
