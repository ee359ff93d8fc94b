// product.md §7 Legal (`/api/legal/terms`, `/api/legal/privacy`, `/api/faq`) plus the legal index and the guides.
// Content is public and the same for everyone, so answers are cacheable.
import { contentEndpoints as api, SlugParam } from '@reverie/shared';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/route.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ContentService } from './content.service.ts';

const CACHE = 'public, max-age=300';

export function contentRoutes(deps: { content: ContentService }): FastifyPluginAsync {
  const { content } = deps;
  return async (app) => {
    route(app, api.legalIndex, async (_req, reply) => {
      reply.header('cache-control', CACHE);
      return { items: content.legalIndex() };
    });

    // `terms` and `privacy` (product.md §7) are aliases resolved by the service; one route serves every page.
    route(app, api.legalPage, async (req, reply) => {
      const page = content.legalPage(req.params.slug);
      if (!page) throw AppError.notFound('Legal page');
      reply.header('cache-control', CACHE);
      return page;
    });

    route(app, api.guides, async (_req, reply) => {
      reply.header('cache-control', CACHE);
      return { items: content.guideList() };
    });

    route(app, api.guide, async (req, reply) => {
      const guide = content.guide(req.params.slug);
      if (!guide) throw AppError.notFound('Guide');
      reply.header('cache-control', CACHE);
      return guide;
    });

    route(app, api.faq, async (_req, reply) => {
      reply.header('cache-control', CACHE);
      return content.faq();
    });

    // An image, not JSON: outside the descriptor contract on purpose.
    app.get(
      '/api/guides/:slug/cover.svg',
      { schema: { tags: ['content'], summary: "A guide's cover picture (SVG, generated)", params: SlugParam } },
      async (req, reply) => {
        const { slug } = req.params as { slug: string };
        const svg = content.coverSvg(slug);
        if (!svg) throw AppError.notFound('Guide cover');
        return reply
          .header('content-type', 'image/svg+xml; charset=utf-8')
          .header('cache-control', 'public, max-age=86400')
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
          .send(svg);
      },
    );
  };
}
