import { billingEndpoints as api } from '@reverie/shared';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/route.ts';
import type { RateLimiter, RateLimitRule } from '../../lib/rate-limiter.ts';
import { authOf } from '../../plugins/authenticate.ts';
import { toCoinsResponse } from './billing.mapper.ts';
import type { BillingService } from './billing.service.ts';

export const ADD_COINS_LIMIT: RateLimitRule = { name: 'add-coins:user', limit: 20, windowMs: 60_000 };

/** A retry with the same Idempotency-Key adds nothing; without one, each request is its own movement. */
function idempotencyKey(header: string | string[] | undefined, fallback: string): string {
  return typeof header === 'string' && header.length > 0 && header.length <= 100 ? header : fallback;
}

export function billingRoutes(deps: { billing: BillingService; rateLimiter: RateLimiter }): FastifyPluginAsync {
  return async (app) => {
    route(app, api.addCoins, async (req) => {
      const { userId } = authOf(req);
      await deps.rateLimiter.consume([{ rule: ADD_COINS_LIMIT, key: userId }]);
      const key = idempotencyKey(req.headers['idempotency-key'], req.id);
      const { balance, user } = await deps.billing.addSandboxCoins(userId, req.body.amount, key);
      return toCoinsResponse(balance, req.body.amount, user);
    });
  };
}
