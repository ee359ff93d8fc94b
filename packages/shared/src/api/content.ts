import { FaqResponse, GuideDocument, GuidesResponse, LegalDocument, LegalIndexResponse, SlugParam } from '../schemas/content.ts';
import { defineEndpoint } from './endpoint.ts';

// Public, identical for everyone. The guide cover (`GET /api/guides/:slug/cover.svg`) is an image, not JSON, so it
// is served by the content module directly rather than through a descriptor.
export const contentEndpoints = {
  legalIndex: defineEndpoint({
    method: 'GET',
    path: '/api/legal',
    response: LegalIndexResponse,
    auth: 'none',
    summary: 'The legal pages with one-line summaries',
    tags: ['content'],
  }),
  legalPage: defineEndpoint({
    method: 'GET',
    path: '/api/legal/:slug',
    params: SlugParam,
    response: LegalDocument,
    auth: 'none',
    summary: 'One legal page as Markdown (`terms` and `privacy` are short names)',
    tags: ['content'],
  }),
  guides: defineEndpoint({
    method: 'GET',
    path: '/api/guides',
    response: GuidesResponse,
    auth: 'none',
    summary: 'Every guide, as cards',
    tags: ['content'],
  }),
  guide: defineEndpoint({
    method: 'GET',
    path: '/api/guides/:slug',
    params: SlugParam,
    response: GuideDocument,
    auth: 'none',
    summary: 'One guide with its related guides',
    tags: ['content'],
  }),
  faq: defineEndpoint({
    method: 'GET',
    path: '/api/faq',
    response: FaqResponse,
    auth: 'none',
    summary: 'Questions and answers, grouped',
    tags: ['content'],
  }),
} as const;
