import { tagsEndpoints as api } from '@reverie/shared';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/route.ts';
import { toTag } from './tags.mapper.ts';
import type { TagsService } from './tags.service.ts';

export function tagsRoutes(deps: { tags: TagsService }): FastifyPluginAsync {
  return async (app) => {
    route(app, api.list, async (req, reply) => {
      const { rows, total } = await deps.tags.list(req.query);
      reply.header('cache-control', 'public, max-age=300');
      return { items: rows.map(toTag), total };
    });
  };
}
