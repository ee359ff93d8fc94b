import { charactersEndpoints as api } from '@reverie/shared';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/route.ts';
import type { RateLimiter, RateLimitRule } from '../../lib/rate-limiter.ts';
import { authOf } from '../../plugins/authenticate.ts';
import { toRatingResponse } from './ratings.mapper.ts';
import type { RatingsService } from './ratings.service.ts';

/** A person changes a rating a few times at most; a script re-rating in a loop is stopped. */
export const RATE_LIMIT: RateLimitRule = { name: 'ratings:user', limit: 60, windowMs: 60_000 };

export function ratingsRoutes(deps: { ratings: RatingsService; rateLimiter: RateLimiter }): FastifyPluginAsync {
  const { ratings, rateLimiter } = deps;
  return async (app) => {
    route(app, api.rating, async (req) => toRatingResponse(await ratings.get(authOf(req), req.params.id)));
    route(app, api.rate, async (req) => {
      const actor = authOf(req);
      await rateLimiter.consume([{ rule: RATE_LIMIT, key: actor.userId }]);
      return toRatingResponse(await ratings.rate(actor, req.params.id, req.body.stars));
    });
  };
}
