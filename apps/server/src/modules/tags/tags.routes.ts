import { tagsEndpoints as api, TagsResponse } from '@reverie/shared';
import type { FastifyPluginAsync } from 'fastify';
import { sendCached } from '../../http/cache.ts';
import { route } from '../../http/route.ts';
import { toTag } from './tags.mapper.ts';
import type { TagsService } from './tags.service.ts';

/** Response-cache scope of the tag list; whatever writes tags calls `app.responseCache.invalidate(TAGS_CACHE)`. */
export const TAGS_CACHE = 'tags';

export function tagsRoutes(deps: { tags: TagsService }): FastifyPluginAsync {
  return async (app) => {
    // Tags change only when seeded or edited by an operator: served from the response cache with an ETag (304 on
    // a match), so a hit costs neither a query nor serialisation. The body is parsed once on load, so the cached
    // string holds exactly the contract's fields.
    route(app, api.list, async (req, reply) => {
      const { limit, category } = req.query;
      const cached = await app.responseCache.get(TAGS_CACHE, `limit=${limit}&category=${category ?? ''}`, async () => {
        const { rows, total } = await deps.tags.list(req.query);
        return TagsResponse.parse({ items: rows.map(toTag), total });
      });
      return sendCached(req, reply, cached, 'public, max-age=300') as never;
    });
  };
}
