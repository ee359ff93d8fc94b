import { charactersEndpoints as api } from '@reverie/shared';
import type { NsfwGate } from '../age/age-gate.ts';
import type { FastifyPluginAsync } from 'fastify';
import { authOf } from '../../plugins/authenticate.ts';
import { route } from '../../http/route.ts';
import type { RateLimiter, RateLimitRule } from '../../lib/rate-limiter.ts';
import { accountPolicy } from '../users/users.routes.ts';
import { toLikedCharactersResponse, toLikeResponse } from './likes.mapper.ts';
import type { LikesService } from './likes.service.ts';

/** Generous for a person clicking hearts, tight enough to stop a script from flooding counters. */
export const LIKE_LIMIT: RateLimitRule = { name: 'likes:user', limit: 240, windowMs: 60_000 };

export function likesRoutes(deps: { likes: LikesService; rateLimiter: RateLimiter; age: NsfwGate }): FastifyPluginAsync {
  const { likes, rateLimiter, age } = deps;
  const limited = async (userId: string) => rateLimiter.consume([{ rule: LIKE_LIMIT, key: userId }]);
  return async (app) => {
    route(app, api.like, async (req) => {
      const actor = authOf(req);
      await limited(actor.userId);
      return toLikeResponse(await likes.like(actor, req.params.id));
    });
    route(app, api.likePost, async (req) => {
      const actor = authOf(req);
      await limited(actor.userId);
      return toLikeResponse(await likes.like(actor, req.params.id));
    });
    route(app, api.unlike, async (req) => {
      const actor = authOf(req);
      await limited(actor.userId);
      return toLikeResponse(await likes.unlike(actor, req.params.id));
    });
    route(app, api.likedCharacters, async (req) => {
      accountPolicy.assert(req.auth, req.params, 'read');
      const page = await likes.likedCharacters(authOf(req), req.query.page, req.query.limit, await age.nsfwLocked(req));
      return toLikedCharactersResponse(page);
    });
  };
}
