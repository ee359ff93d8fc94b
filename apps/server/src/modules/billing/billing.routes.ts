import { randomUUID } from 'node:crypto';
import { billingEndpoints as api } from '@reverie/shared';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/route.ts';
import type { RateLimiter, RateLimitRule } from '../../lib/rate-limiter.ts';
import { authOf } from '../../plugins/authenticate.ts';
import { toCoinsResponse } from './billing.mapper.ts';
import type { BillingService } from './billing.service.ts';

export const ADD_COINS_LIMIT: RateLimitRule = { name: 'add-coins:user', limit: 20, windowMs: 60_000 };

/**
 * A retry with the same Idempotency-Key (the header only, validated by the contract) adds nothing; without one,
 * each request is its own movement. X-Request-Id is a tracing id, never a key.
 */
function idempotencyKey(header: string | string[] | undefined): string {
  return typeof header === 'string' ? header : `auto:${randomUUID()}`;
}

export function billingRoutes(deps: { billing: BillingService; rateLimiter: RateLimiter }): FastifyPluginAsync {
  return async (app) => {
    route(app, api.addCoins, async (req) => {
      const { userId } = authOf(req);
      await deps.rateLimiter.consume([{ rule: ADD_COINS_LIMIT, key: userId }]);
      const key = idempotencyKey(req.headers['idempotency-key']);
      const { balance, user } = await deps.billing.addSandboxCoins(userId, req.body.amount, key);
      return toCoinsResponse(balance, req.body.amount, user);
    });
  };
}
