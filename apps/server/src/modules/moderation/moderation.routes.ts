import { moderationEndpoints as api } from '@reverie/shared';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/route.ts';
import type { RateLimiter, RateLimitRule } from '../../lib/rate-limiter.ts';
import { authOf } from '../../plugins/authenticate.ts';
import type { ReportsService } from './reports.service.ts';

/** A person reports a handful of things a day; a script flooding the queue is stopped here. */
export const REPORT_LIMIT: RateLimitRule = { name: 'reports:user', limit: 20, windowMs: 3_600_000 };
/** Review requests of blocked texts: a person asks a few times a day. */
export const REVIEW_LIMIT: RateLimitRule = { name: 'review-requests:user', limit: 20, windowMs: 3_600_000 };

export function moderationRoutes(deps: { reports: ReportsService; rateLimiter: RateLimiter }): FastifyPluginAsync {
  return async (app) => {
    route(app, api.report, async (req) => {
      const actor = authOf(req);
      await deps.rateLimiter.consume([{ rule: REPORT_LIMIT, key: actor.userId }]);
      return deps.reports.create(actor, req.body);
    });
    route(app, api.askForReview, async (req) => {
      const actor = authOf(req);
      await deps.rateLimiter.consume([{ rule: REVIEW_LIMIT, key: actor.userId }]);
      return deps.reports.askForReview(actor, req.body);
    });
  };
}
