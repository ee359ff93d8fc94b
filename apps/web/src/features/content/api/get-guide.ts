import { queryOptions, useQuery } from '@tanstack/react-query';
import { ContentSlug } from '@reverie/shared';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { contentKeys } from '@/lib/query-keys/content';

/** GET /api/guides/{slug}: one article with its table of contents and related guides (404 when unknown). */
export const getGuide = (slug: string) => apiRequest(api.content.guide, { params: { slug } });

export const guideQueryOptions = (slug: string) => queryOptions({ queryKey: contentKeys.guide(slug), queryFn: () => getGuide(slug) });

/** Slugs that cannot exist (wrong characters) are not asked for: the page shows not-found at once. */
export function useGuide(slug: string) {
  return useQuery({ ...guideQueryOptions(slug), enabled: ContentSlug.safeParse(slug).success });
}
