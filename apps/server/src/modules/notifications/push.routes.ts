import { pushEndpoints as api } from '@reverie/shared';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/route.ts';
import type { RateLimiter, RateLimitRule } from '../../lib/rate-limiter.ts';
import { authOf } from '../../plugins/authenticate.ts';
import { toPushDevice } from './push.mapper.ts';
import type { PushService } from './push.service.ts';

export const PUSH_LIMITS = {
  /** Registering a device: a browser does it once, and again when its subscription changes. */
  subscribe: { name: 'push:subscribe', limit: 20, windowMs: 3600_000 } satisfies RateLimitRule,
  /** "Opened" calls from service workers, per address (no session to count by). */
  opened: { name: 'push:opened', limit: 120, windowMs: 60_000 } satisfies RateLimitRule,
};

export function pushRoutes(deps: { push: PushService; rateLimiter: RateLimiter }): FastifyPluginAsync {
  const { push, rateLimiter } = deps;
  return async (app) => {
    route(app, api.config, async () => ({ publicKey: push.publicKey }));
    route(app, api.devices, async (req) => ({ items: (await push.devices(authOf(req))).map(toPushDevice) }));
    route(app, api.subscribe, async (req, reply) => {
      const actor = authOf(req);
      await rateLimiter.consume([{ rule: PUSH_LIMITS.subscribe, key: actor.userId }]);
      reply.code(201);
      return toPushDevice(await push.subscribe(actor, req.body));
    });
    route(app, api.remove, async (req) => {
      await push.remove(authOf(req), req.params.id);
      return { success: true };
    });
    route(app, api.settings, async (req) => push.settings(authOf(req).userId));
    route(app, api.updateSettings, async (req) => push.updateSettings(authOf(req).userId, req.body));
    route(app, api.opened, { onRequest: async (req) => rateLimiter.consume([{ rule: PUSH_LIMITS.opened, key: req.ip }]) }, async (req) => {
      await push.opened(req.body.id, req.body.token);
      return { success: true };
    });
  };
}
