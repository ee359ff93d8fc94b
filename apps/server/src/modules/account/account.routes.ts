import { accountEndpoints as api } from '@reverie/shared';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/route.ts';
import { AppError } from '../../lib/app-error.ts';
import type { RateLimiter, RateLimitRule } from '../../lib/rate-limiter.ts';
import { authOf } from '../../plugins/authenticate.ts';
import type { AccountDeletionService } from './account-deletion.service.ts';
import type { AccountExportService } from './account-export.service.ts';
import { toAccountExport } from './account.mapper.ts';

export const ACCOUNT_LIMITS = {
  /** A whole-account export reads everything: a few a day. */
  exportPerUser: { name: 'account:export', limit: 5, windowMs: 24 * 3600_000 },
  /** Password guesses through the deletion dialog count like sign-in attempts would. */
  deletePerUser: { name: 'account:delete', limit: 10, windowMs: 3600_000 },
  restorePerIp: { name: 'account:restore-ip', limit: 20, windowMs: 3600_000 },
  /** A few an hour (issue 47.3: 20 parallel downloads stalled the server; each is now a stream from storage). */
  downloadPerUser: { name: 'account:export-download', limit: 6, windowMs: 3600_000 },
} satisfies Record<string, RateLimitRule>;

export function accountRoutes(deps: {
  exports: AccountExportService;
  deletion: AccountDeletionService;
  rateLimiter: RateLimiter;
}): FastifyPluginAsync {
  const { exports, deletion, rateLimiter } = deps;
  const limit = (rule: RateLimitRule, key: string) => rateLimiter.consume([{ rule, key }]);
  return async (app) => {
    route(app, api.requestExport, async (req, reply) => {
      const actor = authOf(req);
      await limit(ACCOUNT_LIMITS.exportPerUser, actor.userId);
      const row = await exports.request(actor.userId);
      return reply.status(202).send({ export: toAccountExport(row) });
    });

    route(app, api.listExports, async (req) => {
      const rows = await exports.list(authOf(req).userId);
      return { exports: rows.map((r) => toAccountExport(r)) };
    });

    // One download at a time per account in this process, on top of the hourly limit.
    const downloading = new Set<string>();
    route(app, api.downloadExport, async (req, reply) => {
      const actor = authOf(req);
      if (downloading.has(actor.userId)) {
        const message = 'Your export is already being downloaded. Wait for that download to finish.';
        throw new AppError(429, 'RATE_LIMITED', message, { headers: { 'retry-after': '5' } });
      }
      // Taken before the first await, so that parallel requests see it.
      downloading.add(actor.userId);
      const done = () => downloading.delete(actor.userId);
      reply.raw.once('finish', done).once('close', done);
      const file = await limit(ACCOUNT_LIMITS.downloadPerUser, actor.userId)
        .then(() => exports.open(actor, req.params.id))
        .catch((err: unknown) => {
          done();
          throw err;
        });
      const date = file.createdAt.toISOString().slice(0, 10);
      if (Number.isFinite(file.size)) reply.header('content-length', file.size);
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="reverie-data-${date}.zip"`)
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    });

    route(app, api.scheduleDeletion, async (req, reply) => {
      const actor = authOf(req);
      await limit(ACCOUNT_LIMITS.deletePerUser, actor.userId);
      const { password, googleIdToken, googleCode, publicCharacters } = req.body;
      const { dueAt } = await deletion.schedule(actor.userId, { currentPassword: password, googleIdToken, googleCode }, publicCharacters);
      return reply.status(202).send({
        deletionDueAt: dueAt.toISOString(),
        message: 'Your account is scheduled for deletion. We sent you an e-mail with a link that keeps it, valid until then.',
      });
    });

    route(app, api.restore, { onRequest: async (req) => limit(ACCOUNT_LIMITS.restorePerIp, req.ip) }, async (req) => {
      const { username } = await deletion.restore(req.body.token);
      return { username, message: 'Your account is kept. Sign in as usual.' };
    });
  };
}
