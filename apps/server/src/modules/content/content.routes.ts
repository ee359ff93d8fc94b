// SPEC §7 Legal (`/api/legal/terms`, `/api/legal/privacy`, `/api/faq`) plus the legal index and the guides.
// Content is public and the same for everyone, so answers are cacheable.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponse } from '@reverie/shared';
import { FaqResponse, GuideDocument, GuidesResponse, LegalDocument, LegalIndexResponse, SlugParam } from '@reverie/shared/schemas/content';
import { AppError } from '../../lib/app-error.ts';
import { ContentService } from './content.service.ts';
import { loadOperatorFacts } from './content.config.ts';

const CACHE = 'public, max-age=300';
const errors = { 400: ErrorResponse, 404: ErrorResponse };

export function contentRoutes(content: ContentService): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['content'];

    app.get(
      '/api/legal',
      { schema: { tags, summary: 'The legal pages with one-line summaries', response: { 200: LegalIndexResponse } } },
      async (_req, reply) => {
        reply.header('cache-control', CACHE);
        return { items: content.legalIndex() };
      },
    );

    // `terms` and `privacy` (SPEC §7) are aliases resolved by the service; one route serves every page.
    app.get(
      '/api/legal/:slug',
      {
        schema: {
          tags,
          summary: 'One legal page as Markdown (`terms` and `privacy` are short names)',
          params: SlugParam,
          response: { 200: LegalDocument, ...errors },
        },
      },
      async (req, reply) => {
        const page = content.legalPage(req.params.slug);
        if (!page) throw AppError.notFound('Legal page');
        reply.header('cache-control', CACHE);
        return page;
      },
    );

    app.get(
      '/api/guides',
      { schema: { tags, summary: 'Every guide, as cards', response: { 200: GuidesResponse } } },
      async (_req, reply) => {
        reply.header('cache-control', CACHE);
        return { items: content.guideList() };
      },
    );

    app.get(
      '/api/guides/:slug',
      { schema: { tags, summary: 'One guide with its related guides', params: SlugParam, response: { 200: GuideDocument, ...errors } } },
      async (req, reply) => {
        const guide = content.guide(req.params.slug);
        if (!guide) throw AppError.notFound('Guide');
        reply.header('cache-control', CACHE);
        return guide;
      },
    );

    app.get(
      '/api/guides/:slug/cover.svg',
      { schema: { tags, summary: "A guide's cover picture (SVG, generated)", params: SlugParam } },
      async (req, reply) => {
        const svg = content.coverSvg(req.params.slug);
        if (!svg) throw AppError.notFound('Guide cover');
        return reply
          .header('content-type', 'image/svg+xml; charset=utf-8')
          .header('cache-control', 'public, max-age=86400')
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
          .send(svg);
      },
    );

    app.get(
      '/api/faq',
      { schema: { tags, summary: 'Questions and answers, grouped', response: { 200: FaqResponse } } },
      async (_req, reply) => {
        reply.header('cache-control', CACHE);
        return content.faq();
      },
    );
  };
}

/**
 * Loads `content/` (failing the start on a malformed file) and returns the plugin. The OPERATOR_* facts are read
 * from the environment here until they join the central configuration.
 */
export async function loadContentRoutes(publicUrl: string, env: Record<string, string | undefined> = process.env) {
  return contentRoutes(await ContentService.load({ operator: loadOperatorFacts(env, publicUrl) }));
}
