import { socialEndpoints as api } from '@reverie/shared';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/route.ts';
import type { RateLimiter, RateLimitRule } from '../../lib/rate-limiter.ts';
import { authOf } from '../../plugins/authenticate.ts';
import { toFollowResponse } from './social.mapper.ts';
import type { SocialService } from './social.service.ts';

export const FOLLOW_LIMIT: RateLimitRule = { name: 'follows:user', limit: 120, windowMs: 60_000 };

export function socialRoutes(deps: { social: SocialService; rateLimiter: RateLimiter }): FastifyPluginAsync {
  const { social, rateLimiter } = deps;
  return async (app) => {
    route(app, api.follow, async (req) => {
      const actor = authOf(req);
      await rateLimiter.consume([{ rule: FOLLOW_LIMIT, key: actor.userId }]);
      return toFollowResponse(await social.follow(actor, req.params.id));
    });

    route(app, api.unfollow, async (req) => {
      const actor = authOf(req);
      await rateLimiter.consume([{ rule: FOLLOW_LIMIT, key: actor.userId }]);
      return toFollowResponse(await social.unfollow(actor, req.params.id));
    });

    route(app, api.followStatus, async (req) => ({ isFollowing: await social.isFollowing(authOf(req), req.params.id) }));

    route(app, api.following, async (req) => social.followPage(req.params.id, 'following', req.query.page, req.query.limit, req.auth));

    route(app, api.followers, async (req) => social.followPage(req.params.id, 'followers', req.query.page, req.query.limit, req.auth));

    route(app, api.topCreators, async (req, reply) => {
      if (!req.auth) reply.header('cache-control', 'public, max-age=60');
      return social.topCreators(req.query.period, req.query.limit, req.auth);
    });
  };
}
