import { ageEndpoints as api } from '@reverie/shared';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/route.ts';
import { AppError } from '../../lib/app-error.ts';
import type { RateLimiter, RateLimitRule } from '../../lib/rate-limiter.ts';
import { authOf } from '../../plugins/authenticate.ts';
import { staffOf, type StaffGate } from '../admin/staff.ts';
import type { AgeGate } from './age-gate.ts';
import { toAdminAgeAssurance, toAgeState, toSandboxAgeCheck } from './age.mapper.ts';
import type { AgeAssuranceService } from './age.service.ts';

/** Checks a person may start in a day: each one costs the operator a provider's fee. */
export const AGE_START_RATE: RateLimitRule = { name: 'age:start', limit: 10, windowMs: 24 * 3600_000 };
/** Webhook deliveries per address a minute (a provider retries a few; a flood of forged ones is cut off). */
export const AGE_WEBHOOK_RATE: RateLimitRule = { name: 'age:webhook', limit: 120, windowMs: 60_000 };

export function ageRoutes(deps: {
  age: AgeAssuranceService;
  gate: AgeGate;
  staff: StaffGate;
  rateLimiter: RateLimiter;
}): FastifyPluginAsync {
  const { age, gate, staff, rateLimiter } = deps;
  const admins = { onRequest: staff.perIp, preHandler: staff.require('admin') };
  return async (app) => {
    route(app, api.state, async (req) => {
      const actor = req.auth ? { userId: req.auth.userId, role: req.auth.role } : null;
      return toAgeState(await age.standing(actor, gate.regionOf(req)), age.providerKind);
    });
    route(app, api.start, async (req, reply) => {
      const actor = authOf(req);
      await rateLimiter.consume([{ rule: AGE_START_RATE, key: actor.userId }]);
      reply.code(201);
      return age.start(actor, gate.regionOf(req));
    });
    route(app, api.sandboxGet, async (req) => toSandboxAgeCheck(await age.sandboxCheck(authOf(req), req.params.id)));
    route(app, api.sandboxComplete, async (req) =>
      toSandboxAgeCheck(await age.completeSandbox(authOf(req), req.params.id, req.body.outcome)),
    );
    route(app, api.adminGet, admins, async (req) => toAdminAgeAssurance(await age.history(req.params.id)));
    route(app, api.adminReset, admins, async (req) => toAdminAgeAssurance(await age.reset(staffOf(req), req.params.id)));
    // The provider signs the bytes it sent: this route reads its body raw.
    await app.register(async (raw) => {
      raw.removeContentTypeParser('application/json');
      raw.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 262_144 }, (_req, body, done) => done(null, body));
      const byIp = { onRequest: async (req: { ip: string }) => rateLimiter.consume([{ rule: AGE_WEBHOOK_RATE, key: req.ip }]) };
      route(raw, api.veriffWebhook, byIp, async (req) => {
        const body = (req as unknown as { body: unknown }).body;
        if (!Buffer.isBuffer(body)) throw AppError.badRequest('Expected the raw JSON body Veriff sent');
        const r = await age.webhook('veriff', body, req.headers);
        return { received: true, duplicate: r.duplicate };
      });
    });
  };
}
