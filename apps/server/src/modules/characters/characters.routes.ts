import { charactersEndpoints as api } from '@reverie/shared';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/route.ts';
import type { CharactersService } from './characters.service.ts';

export function charactersRoutes(deps: { characters: CharactersService }): FastifyPluginAsync {
  const { characters } = deps;
  return async (app) => {
    route(app, api.list, async (req) => characters.list(req.query, req.auth));

    route(app, api.get, async (req) => characters.get(req.params.id, req.auth));

    route(app, api.userCharacters, async (req) => characters.byCreator(req.params.id, req.query, req.auth));
  };
}
