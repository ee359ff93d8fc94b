import { TagsQuery, TagsResponse } from '../schemas/tags.ts';
import { defineEndpoint } from './endpoint.ts';

export const tagsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/tags',
    query: TagsQuery,
    response: TagsResponse,
    auth: 'none',
    summary: 'List tags (limit 0 = all), ordered by category',
    tags: ['tags'],
  }),
} as const;
