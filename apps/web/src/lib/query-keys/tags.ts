import type { EndpointQuery, api } from '@reverie/shared';

/** Query keys of the tags feature. */
export const tagsKeys = {
  all: ['tags'] as const,
  list: (query: EndpointQuery<typeof api.tags.list>) => [...tagsKeys.all, 'list', query] as const,
};
