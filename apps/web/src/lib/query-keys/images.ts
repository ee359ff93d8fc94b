import type { EndpointQuery, api } from '@reverie/shared';

export type ImagesListQuery = Omit<EndpointQuery<typeof api.images.list>, 'page'>;

/** Query keys of the images feature (galleries, jobs, the generation status, models). */
export const imagesKeys = {
  all: ['images'] as const,
  lists: () => [...imagesKeys.all, 'list'] as const,
  list: (query: ImagesListQuery) => [...imagesKeys.lists(), query] as const,
  showcase: () => [...imagesKeys.lists(), 'showcase'] as const,
  job: (id: string) => [...imagesKeys.all, 'job', id] as const,
  status: (characterId?: string) => [...imagesKeys.all, 'status', characterId ?? 'none'] as const,
  models: () => [...imagesKeys.all, 'models'] as const,
};
