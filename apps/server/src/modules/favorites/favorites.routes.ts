import { favoritesEndpoints as api } from '@reverie/shared';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/route.ts';
import type { RateLimiter, RateLimitRule } from '../../lib/rate-limiter.ts';
import { authOf } from '../../plugins/authenticate.ts';
import type { NsfwGate } from '../age/age-gate.ts';
import { toFavoriteResponse } from './favorites.mapper.ts';
import type { FavoritesService } from './favorites.service.ts';

export const FAVORITE_LIMIT: RateLimitRule = { name: 'favorites:user', limit: 240, windowMs: 60_000 };
/** A merge happens once after sign-in; a few retries are fine, a loop is not. */
export const MERGE_LIMIT: RateLimitRule = { name: 'merge-local:user', limit: 10, windowMs: 3_600_000 };

export function favoritesRoutes(deps: { favorites: FavoritesService; rateLimiter: RateLimiter; age: NsfwGate }): FastifyPluginAsync {
  const { favorites, rateLimiter, age } = deps;
  const limited = (userId: string) => rateLimiter.consume([{ rule: FAVORITE_LIMIT, key: userId }]);
  return async (app) => {
    route(app, api.list, async (req) => {
      return favorites.list(authOf(req), req.query.page, req.query.limit, await age.nsfwLocked(req));
    });

    route(app, api.add, async (req) => {
      const actor = authOf(req);
      await limited(actor.userId);
      return toFavoriteResponse(await favorites.add(actor, req.body.characterId));
    });

    route(app, api.remove, async (req) => {
      const actor = authOf(req);
      await limited(actor.userId);
      return toFavoriteResponse(await favorites.remove(actor, req.params.id));
    });

    route(app, api.toggle, async (req) => {
      const actor = authOf(req);
      await limited(actor.userId);
      return toFavoriteResponse(await favorites.toggle(actor, req.body.characterId));
    });

    route(app, api.mergeLocal, async (req) => {
      const actor = authOf(req);
      await rateLimiter.consume([{ rule: MERGE_LIMIT, key: actor.userId }]);
      return favorites.mergeLocal(actor, req.body);
    });
  };
}
