import { supportEndpoints as api } from '@reverie/shared';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { route } from '../../http/route.ts';
import type { RateLimiter, RateLimitRule } from '../../lib/rate-limiter.ts';
import { authOf } from '../../plugins/authenticate.ts';
import type { RemovalService } from './removal.service.ts';
import { toContentRemovalResponse, toTicketDetail, toTicketSummary } from './support.mapper.ts';
import type { SupportService } from './support.service.ts';

export const SUPPORT_LIMITS = {
  ticketsUser: { name: 'support:tickets:user', limit: 10, windowMs: 3_600_000 },
  repliesUser: { name: 'support:replies:user', limit: 60, windowMs: 3_600_000 },
  /** Counted when the request arrives, before its body is read, so malformed floods count too. */
  removalIp: { name: 'removal:ip', limit: 10, windowMs: 3_600_000 },
  removalEmail: { name: 'removal:email', limit: 20, windowMs: 86_400_000 },
} satisfies Record<string, RateLimitRule>;

export function supportRoutes(deps: { support: SupportService; removal: RemovalService; rateLimiter: RateLimiter }): FastifyPluginAsync {
  const { support, removal, rateLimiter } = deps;
  const perUser = (rule: RateLimitRule, userId: string) => rateLimiter.consume([{ rule, key: userId }]);
  return async (app) => {
    route(app, api.createTicket, async (req) => {
      const actor = authOf(req);
      await perUser(SUPPORT_LIMITS.ticketsUser, actor.userId);
      return toTicketDetail(await support.create(actor, req.body));
    });
    route(app, api.tickets, async (req) => {
      const page = await support.list(authOf(req), req.query);
      return { ...page, items: page.items.map(toTicketSummary) };
    });
    route(app, api.ticket, async (req) => toTicketDetail(await support.get(authOf(req), req.params.id)));
    route(app, api.reply, async (req) => {
      const actor = authOf(req);
      await perUser(SUPPORT_LIMITS.repliesUser, actor.userId);
      return toTicketDetail(await support.reply(actor, req.params.id, req.body.message));
    });
    route(
      app,
      api.contentRemoval,
      { onRequest: async (req: FastifyRequest) => rateLimiter.consume([{ rule: SUPPORT_LIMITS.removalIp, key: req.ip }]) },
      async (req) => {
        await rateLimiter.consume([{ rule: SUPPORT_LIMITS.removalEmail, key: req.body.contactEmail }]);
        return toContentRemovalResponse(await removal.request(req.auth, req.body));
      },
    );
  };
}
