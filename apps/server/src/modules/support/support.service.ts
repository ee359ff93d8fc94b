// Support tickets: a user opens one and replies in its thread; the support team answers from the admin console. A
// ticket waiting for the team is an open item in the moderation queue; a staff reply notifies the user.
import type { CreateTicketBody, TicketStatus } from '@reverie/shared';
import type { z } from 'zod';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { ownerPolicy, type Actor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuditLog, StaffActor } from '../moderation/audit.service.ts';
import type { ModerationService } from '../moderation/moderation.service.ts';
import { RETENTION_MS, type ModerationQueue } from '../moderation/queue.service.ts';
import type { NotificationInput } from '../notifications/notifications.service.ts';
import type { SupportMessageRow, SupportRepo, SupportTicketRow, TicketWithCount } from './support.repo.ts';

const ticketPolicy = ownerPolicy<SupportTicketRow>({ what: 'Ticket', ownerId: (t) => t.userId });
/** A ticket with its thread and the name its owner's messages are signed with. */
export interface TicketThread {
  ticket: TicketWithCount;
  messages: SupportMessageRow[];
  ownerName: string;
}

const CLOSED = 'This ticket is closed. Open a new ticket if you need more help.';

export class SupportService {
  constructor(
    private readonly deps: {
      uow: UnitOfWork<{ support: SupportRepo }>;
      moderation: ModerationService;
      queue: ModerationQueue;
      audit: AuditLog;
      /** Sends after the transaction commits. */
      notify: (userId: string, input: NotificationInput) => void;
    },
  ) {}

  async create(actor: Actor, body: z.output<typeof CreateTicketBody>): Promise<TicketThread> {
    this.deps.moderation.assertAllowed({ subject: body.subject, message: body.message }, { surface: 'ticket', userId: actor.userId });
    const id = await this.deps.uow.run(async ({ support }) => {
      const ticket = await support.createTicket({ userId: actor.userId, subject: body.subject, category: body.category });
      await support.addMessage({ ticketId: ticket.id, authorId: actor.userId, authorRole: 'user', body: body.message });
      await this.deps.queue.ticketWaiting(ticket);
      return ticket.id;
    });
    return this.detail(id);
  }

  async list(actor: Actor, q: { status?: TicketStatus; page: number; limit: number }) {
    const { rows, total } = await this.deps.uow.repos.support.ticketsOf(actor.userId, {
      status: q.status,
      limit: q.limit,
      offset: (q.page - 1) * q.limit,
    });
    return { items: rows, page: q.page, limit: q.limit, total, hasMore: (q.page - 1) * q.limit + rows.length < total };
  }

  /** The caller's ticket with its thread; another user's id answers 404 like a missing one. */
  async get(actor: Actor, id: string): Promise<TicketThread> {
    ticketPolicy.assert(actor, await this.deps.uow.repos.support.ticket(id), 'read');
    return this.detail(id);
  }

  async reply(actor: Actor, id: string, message: string): Promise<TicketThread> {
    this.deps.moderation.assertAllowed({ message }, { surface: 'ticket', userId: actor.userId });
    await this.deps.uow.run(async ({ support }) => {
      const ticket = ticketPolicy.assert(actor, await support.ticketForUpdate(id), 'write');
      if (ticket.status === 'closed') throw AppError.conflict(CLOSED);
      await support.addMessage({ ticketId: id, authorId: actor.userId, authorRole: 'user', body: message });
      await support.updateTicket(id, { status: 'open', lastReplyBy: 'user' });
      await this.deps.queue.ticketWaiting(ticket);
    });
    return this.detail(id);
  }

  /** The support team answers (signed "Reverie Support"); the user is notified. */
  async staffReply(
    staff: StaffActor,
    id: string,
    body: { message: string; status: 'waiting' | 'resolved' | 'closed' },
  ): Promise<TicketThread> {
    await this.deps.uow.run(async ({ support }) => {
      const ticket = await support.ticketForUpdate(id);
      if (!ticket) throw AppError.notFound('Ticket');
      await support.addMessage({ ticketId: id, authorId: staff.userId, authorRole: 'staff', body: body.message });
      await support.updateTicket(id, { status: body.status, lastReplyBy: 'staff' });
      await this.deps.queue.ticketAnswered(id, staff.userId);
      await this.deps.audit.record(staff, {
        action: 'ticket.reply',
        targetType: 'ticket',
        targetId: id,
        targetLabel: ticket.subject,
        targetOwnerId: ticket.userId,
        reason: `Replied and set the status to ${body.status}`,
        details: { status: body.status, chars: body.message.length },
      });
      this.deps.notify(ticket.userId, {
        kind: 'ticket_reply',
        data: { ticketId: id, subject: ticket.subject, excerpt: body.message.slice(0, 140) },
        link: `/support/${id}`,
      });
    });
    return this.detail(id);
  }

  async setStatus(staff: StaffActor, id: string, status: TicketStatus, reason: string): Promise<TicketThread> {
    await this.deps.uow.run(async ({ support }) => {
      const ticket = await support.ticketForUpdate(id);
      if (!ticket) throw AppError.notFound('Ticket');
      if (ticket.status === status) throw AppError.conflict(`The ticket is already ${status}.`);
      await support.updateTicket(id, { status });
      if (status === 'open') await this.deps.queue.ticketWaiting(ticket);
      else await this.deps.queue.ticketAnswered(id, staff.userId);
      await this.deps.audit.record(staff, {
        action: 'ticket.status',
        targetType: 'ticket',
        targetId: id,
        targetLabel: ticket.subject,
        targetOwnerId: ticket.userId,
        reason,
        details: { from: ticket.status, to: status },
      });
    });
    return this.detail(id);
  }

  /** Retention (privacy policy): tickets closed or resolved, and settled removal requests, go after two years. */
  purgeClosed(now = new Date()): Promise<number> {
    return this.deps.uow.repos.support.purgeClosed(new Date(now.getTime() - RETENTION_MS));
  }

  /** A ticket with its thread (no access check: callers decide who may see it). */
  async detail(id: string): Promise<TicketThread> {
    const { support } = this.deps.uow.repos;
    const [ticket, messages, owner] = await Promise.all([support.ticket(id), support.messages(id), support.ticketOwner(id)]);
    if (!ticket) throw AppError.notFound('Ticket');
    return { ticket, messages, ownerName: owner?.username ?? 'You' };
  }
}
