import { adminEndpoints as api } from '@reverie/shared';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/route.ts';
import { AppError } from '../../lib/app-error.ts';
import type { CrisisProtocol } from '../moderation/crisis.service.ts';
import type { ModerationQueue } from '../moderation/queue.service.ts';
import type { RemovalService } from '../support/removal.service.ts';
import { toTicketDetail } from '../support/support.mapper.ts';
import type { SupportService } from '../support/support.service.ts';
import type { ActionsService } from './actions.service.ts';
import { toAccountSummary, toAuditEntry, toQueueItem } from '../moderation/moderation.mapper.ts';
import { toAdminUserDetail, toPage, toQueueItemDetail } from './console.mapper.ts';
import type { ConsoleService } from './console.service.ts';
import { staffOf, type StaffGate } from './staff.ts';

/** Every route here answers 403 to anyone who is not a moderator or admin (coins, roles and premium: admins only). */
export function adminRoutes(deps: {
  gate: StaffGate;
  console: ConsoleService;
  actions: ActionsService;
  queue: ModerationQueue;
  support: SupportService;
  removal: RemovalService;
  crisis: CrisisProtocol;
}): FastifyPluginAsync {
  const { gate, console: view, actions, queue, support, removal, crisis } = deps;
  const staff = { onRequest: gate.perIp, preHandler: gate.require('moderator') };
  const admins = { onRequest: gate.perIp, preHandler: gate.require('admin') };
  return async (app) => {
    route(app, api.queue, staff, async (req) => {
      const q = await view.queue(req.query);
      return { ...toPage(q, toQueueItem), openCounts: q.openCounts };
    });
    route(app, api.queueItem, staff, async (req) => toQueueItemDetail(await view.item(req.params.id)));
    route(app, api.resolveItem, staff, async (req) => {
      const entry = await queue.resolve(staffOf(req), req.params.id, req.body.resolution, req.body.reason);
      return { message: req.body.resolution === 'resolved' ? 'Marked as resolved.' : 'Dismissed.', auditId: entry.id };
    });
    route(app, api.contentAction, staff, async (req) =>
      actions.content(staffOf(req), req.params.subjectType, req.params.subjectId, req.body.action, req.body.reason),
    );
    route(app, api.users, staff, async (req) => toPage(await view.users(req.query), (a) => toAccountSummary(a.user, a.warnings)));
    route(app, api.user, staff, async (req) => toAdminUserDetail(await view.user(req.params.id)));
    route(app, api.userAction, staff, async (req) => actions.user(staffOf(req), req.params.id, req.body.action, req.body.reason));
    route(app, api.adjustCoins, admins, async (req) => {
      const key = req.headers['idempotency-key'];
      if (typeof key !== 'string' || !key)
        throw AppError.badRequest('Send an Idempotency-Key header so that a retried adjustment applies once.');
      return actions.coins(staffOf(req), req.params.id, req.body.delta, req.body.reason, key);
    });
    route(app, api.characterPremium, admins, async (req) =>
      actions.premium(staffOf(req), req.params.id, req.body.premium, req.body.reason),
    );
    route(app, api.setRole, admins, async (req) => actions.role(staffOf(req), req.params.id, req.body.role, req.body.reason));
    route(app, api.replyTicket, staff, async (req) => toTicketDetail(await support.staffReply(staffOf(req), req.params.id, req.body)));
    route(app, api.ticketStatus, staff, async (req) =>
      toTicketDetail(await support.setStatus(staffOf(req), req.params.id, req.body.status, req.body.reason)),
    );
    route(app, api.resolveRemoval, staff, async (req) => removal.resolve(staffOf(req), req.params.id, req.body.outcome, req.body.reason));
    route(app, api.crisisReport, admins, async (req) => crisis.report(req.query.year ?? new Date().getUTCFullYear()));
    route(app, api.audit, staff, async (req) => toPage(await view.auditPage(req.query), toAuditEntry));
  };
}
