import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ImagesPage } from '@reverie/shared';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { imagesKeys, type ImagesListQuery } from '@/lib/query-keys/images';

export const GALLERY_PAGE_SIZE = 24;

/** GET /api/images: a user's pictures (all of your own), a character's, or every public one; newest first. */
export const getImages = (query: ImagesListQuery & { page: number }) => apiRequest(api.images.list, { query });

const nextPage = (last: ImagesPage) => (last.hasMore ? last.page + 1 : undefined);

export function imagesInfiniteQueryOptions(query: ImagesListQuery) {
  const full = { limit: GALLERY_PAGE_SIZE, ...query };
  return infiniteQueryOptions({
    queryKey: imagesKeys.list(full),
    queryFn: ({ pageParam }) => getImages({ ...full, page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

export function useImagesInfinite(query: ImagesListQuery, enabled = true) {
  return useInfiniteQuery({ ...imagesInfiniteQueryOptions(query), enabled });
}

/** GET /api/images/showcase: the team's picks, then the most liked public pictures. */
export const getShowcase = (page: number) => apiRequest(api.images.showcase, { query: { page, limit: GALLERY_PAGE_SIZE } });

export function useShowcaseInfinite() {
  return useInfiniteQuery({
    queryKey: imagesKeys.showcase(),
    queryFn: ({ pageParam }) => getShowcase(pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}
