import { notificationsEndpoints as api, type NotificationStreamSnapshot } from '@reverie/shared';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/route.ts';
import type { StreamSlots } from '../../http/stream-slots.ts';
import type { RateLimiter, RateLimitRule } from '../../lib/rate-limiter.ts';
import { authOf } from '../../plugins/authenticate.ts';
import type { NotificationsService } from './notifications.service.ts';
import { openStream, wantsEventStream } from './notifications.stream.ts';

/** A tab reconnects every 10 minutes and after network blips; a loop reconnecting faster than this is refused. */
export const STREAM_LIMIT: RateLimitRule = { name: 'notifications:stream', limit: 30, windowMs: 60_000 };

export function notificationsRoutes(deps: {
  notifications: NotificationsService;
  rateLimiter: RateLimiter;
  streams: StreamSlots;
  sessions: { isActive(sessionId: string): Promise<boolean> };
}): FastifyPluginAsync {
  const { notifications, rateLimiter, streams, sessions } = deps;
  return async (app) => {
    route(app, api.list, async (req) => notifications.list(authOf(req), req.query));

    route(app, api.stream, async (req, reply) => {
      const actor = authOf(req);
      if (!wantsEventStream(req)) return { unreadCount: await notifications.unreadCount(actor.userId) };
      await rateLimiter.consume([{ rule: STREAM_LIMIT, key: actor.userId }]);
      await streams.hold(actor.userId, reply.raw);
      await openStream(req, reply, {
        notifications,
        userId: actor.userId,
        sessionActive: () => sessions.isActive(actor.sessionId),
      });
      return undefined as unknown as NotificationStreamSnapshot;
    });

    route(app, api.markAllRead, async (req) => notifications.markAllRead(authOf(req)));
    route(app, api.markRead, async (req) => notifications.markRead(authOf(req), req.params.id));
    route(app, api.remove, async (req) => notifications.remove(authOf(req), req.params.id));
  };
}
