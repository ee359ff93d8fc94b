import { SearchQuery, SearchResponse } from '../schemas/search.ts';
import { defineEndpoint, errorBodies } from './endpoint.ts';

export const searchEndpoints = {
  search: defineEndpoint({
    method: 'GET',
    path: '/api/search',
    query: SearchQuery,
    response: SearchResponse,
    errors: errorBodies(403, 429),
    auth: 'optional',
    summary: 'Search characters, creators and tags (typo-tolerant, ranked)',
    description:
      'Characters: full-text (name > tags > tagline > description) plus trigram similarity, so "seraphna" finds "Seraphina" ' +
      'and "vamp" finds vampires. Only public characters. `type[]` picks the groups (default all three).',
    tags: ['search'],
  }),
} as const;
