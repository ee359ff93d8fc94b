import { categoriesEndpoints as api } from '@reverie/shared';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/route.ts';
import type { NsfwGate } from '../age/age-gate.ts';
import { toCategory } from './categories.mapper.ts';
import type { CategoriesService } from './categories.service.ts';

export function categoriesRoutes(deps: { categories: CategoriesService; age: NsfwGate }): FastifyPluginAsync {
  const { categories, age } = deps;
  return async (app) => {
    route(app, api.list, async (req, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return { items: (await categories.list(req.query.kind)).map(toCategory) };
    });

    route(app, api.characters, async (req) =>
      categories.charactersOf(req.params.id, { ...req.query, filter: await age.contentFilter(req, req.query.filter) }, req.auth),
    );
  };
}
