// The one moderation queue: reports, content-removal requests, blocked-content events and support tickets land here
// as items; moderators settle them. Reporters hear the outcome of their reports.
import { REMOVAL_REASON_LABELS, REPORT_REASON_LABELS, type RemovalReason, type ReportReason } from '@reverie/shared';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import type { NotificationInput } from '../notifications/notifications.service.ts';
import type { AuditRepo, AuditRow } from './audit.repo.ts';
import type { AuditLog, StaffActor } from './audit.service.ts';
import type { ModerationRepo, QueueRow, ReportRow } from './moderation.repo.ts';
import type { ReportTarget } from './subjects.ts';
import type { BlockedEvent } from './types.ts';

/** Reasons that put an item at the top of the queue. */
const URGENT_REPORTS: ReadonlySet<string> = new Set(['underage', 'non_consensual']);
const URGENT_RULES: ReadonlySet<string> = new Set([
  'minors-sexual',
  'non-consensual-imagery',
  'sexual-violence-real',
  'stated-age-under-18',
  'minor-life-stage',
  'minor-body',
]);

/** Sends after the current transaction commits (the notifications service's notifyLater). */
/** How long closed reports, queue items, tickets and settled removal requests are kept. */
export const RETENTION_MS = 2 * 365 * 24 * 3_600_000;

export type Notify = (userId: string, input: NotificationInput) => void;

export class ModerationQueue {
  constructor(
    private readonly deps: {
      uow: UnitOfWork<{ moderation: ModerationRepo; audit: AuditRepo }>;
      audit: AuditLog;
      notify: Notify;
    },
  ) {}

  private get repo() {
    return this.deps.uow.repos.moderation;
  }

  addReport(report: ReportRow, target: ReportTarget): Promise<QueueRow> {
    return this.repo.insertItem({
      kind: 'report',
      refId: report.id,
      priority: URGENT_REPORTS.has(report.reason) ? 'high' : 'normal',
      title: `${REPORT_REASON_LABELS[report.reason as ReportReason] ?? report.reason}: ${report.subjectType} “${target.label}”`,
      subjectType: report.subjectType,
      subjectId: report.subjectId,
      ownerId: target.ownerId,
      data: { subjectLabel: target.label, subjectUrl: target.url },
    });
  }

  addRemovalRequest(
    request: { id: string; reference: string; reason: RemovalReason; subjectType: string | null; subjectId: string | null },
    subject: { label: string; url: string | null; ownerId: string | null } | null,
  ): Promise<QueueRow> {
    return this.repo.insertItem({
      kind: 'removal_request',
      refId: request.id,
      priority: URGENT_REPORTS.has(request.reason) ? 'high' : 'normal',
      title: `Removal request ${request.reference}: ${REMOVAL_REASON_LABELS[request.reason]}${subject ? ` — “${subject.label}”` : ''}`,
      subjectType: subject && (request.subjectType === 'character' || request.subjectType === 'image') ? request.subjectType : null,
      subjectId: subject ? request.subjectId : null,
      ownerId: subject?.ownerId ?? null,
      data: { subjectLabel: subject?.label ?? null, subjectUrl: subject?.url ?? null },
    });
  }

  /** One open item per account and rule; repeats raise its count. The event carries no text, and neither does the item. */
  addBlocked(event: BlockedEvent): Promise<QueueRow> {
    return this.repo.upsertGroupedItem({
      kind: 'blocked_content',
      priority: URGENT_RULES.has(event.rule) ? 'high' : 'normal',
      title: `Blocked by the ${event.rule} rule (${event.surface}, field ${event.field})`,
      subjectType: event.userId ? 'user' : null,
      subjectId: event.userId ?? null,
      ownerId: event.userId ?? null,
      groupKey: `${event.userId ?? 'anonymous'}:${event.rule}`,
      data: {
        rule: event.rule,
        field: event.field,
        surface: event.surface,
        policyVersion: event.policyVersion,
        subjectLabel: null,
        // Rules and fields only: an automatic block never keeps the text.
        problems: (event.problems ?? []).slice(0, 20).map((p) => ({ field: p.field, rule: p.rule })),
      },
    });
  }

  /** "Ask for review": the author's blocked text, with the rules and spans the refusal listed and their note. */
  addReviewRequest(request: {
    userId: string;
    surface: string;
    problems: { field: string; rule: string; span?: string }[];
    note: string | null;
    subject: { type: 'character'; id: string; label: string; url: string | null } | null;
  }): Promise<QueueRow> {
    const rules = [...new Set(request.problems.map((p) => p.rule))];
    return this.repo.insertItem({
      kind: 'blocked_content',
      priority: rules.some((r) => URGENT_RULES.has(r)) ? 'high' : 'normal',
      title: `Review asked: ${request.surface} blocked (${rules.join(', ')})${request.subject ? ` — “${request.subject.label}”` : ''}`,
      subjectType: request.subject ? request.subject.type : 'user',
      subjectId: request.subject ? request.subject.id : request.userId,
      ownerId: request.userId,
      data: {
        reviewRequested: true,
        surface: request.surface,
        problems: request.problems,
        note: request.note,
        subjectLabel: request.subject?.label ?? null,
        subjectUrl: request.subject?.url ?? null,
      },
    });
  }

  /** A ticket waiting for the support team is an open item; answering it settles the item. */
  async ticketWaiting(ticket: { id: string; subject: string; userId: string }): Promise<void> {
    const existing = await this.repo.itemByRef('ticket', ticket.id);
    if (existing) {
      if (existing.status !== 'open') await this.repo.setItemStatus(existing.id, 'open', null);
      return;
    }
    await this.repo.insertItem({
      kind: 'ticket',
      refId: ticket.id,
      title: `Ticket: ${ticket.subject}`,
      subjectType: 'user',
      subjectId: ticket.userId,
      ownerId: ticket.userId,
      data: { subjectLabel: null },
    });
  }

  async ticketAnswered(ticketId: string, by: string): Promise<void> {
    const item = await this.repo.itemByRef('ticket', ticketId);
    if (item && item.status === 'open') await this.repo.setItemStatus(item.id, 'resolved', by);
  }

  async removalSettled(requestId: string, by: string): Promise<void> {
    const item = await this.repo.itemByRef('removal_request', requestId);
    if (item && item.status === 'open') await this.repo.setItemStatus(item.id, 'resolved', by);
  }

  /** Retention (privacy policy): closed reports and items go two years after they were closed. */
  purgeClosed(now = new Date()): Promise<number> {
    return this.repo.purgeClosed(new Date(now.getTime() - RETENTION_MS));
  }

  /** Closes an item with a reason (audited). Removal requests and tickets are settled by their own actions. */
  async resolve(actor: StaffActor, itemId: string, resolution: 'resolved' | 'dismissed', reason: string): Promise<AuditRow> {
    return this.deps.uow.run(async ({ moderation }) => {
      const item = await moderation.item(itemId);
      if (!item) throw AppError.notFound('Queue item');
      if (item.status !== 'open') throw AppError.conflict('This item is already closed.');
      if (item.kind === 'removal_request')
        throw AppError.conflict('Settle a removal request with its own action, so the requester is told.');
      if (item.kind === 'ticket') throw AppError.conflict('Answer the ticket or change its status instead.');
      await moderation.setItemStatus(item.id, resolution, actor.userId);
      if (item.kind === 'report' && item.refId) await this.closeReports([item.refId], resolution, item);
      return this.deps.audit.record(actor, {
        action: `queue.${resolution === 'resolved' ? 'resolve' : 'dismiss'}`,
        targetType: 'queue_item',
        targetId: item.id,
        targetLabel: item.title,
        targetOwnerId: item.ownerId,
        reason,
        details: { kind: item.kind, subjectType: item.subjectType, subjectId: item.subjectId },
      });
    });
  }

  /**
   * After a decision about a subject (hide, remove, suspend…): its open report items are resolved and their reporters
   * told that action was taken. Returns how many items were settled.
   */
  async settleSubject(actorId: string, subjectType: string, subjectId: string): Promise<number> {
    const { moderation } = this.deps.uow.repos;
    const items = (await moderation.openItemsForSubject(subjectType, subjectId)).filter(
      (i) => i.kind === 'report' || i.kind === 'blocked_content',
    );
    for (const item of items) await moderation.setItemStatus(item.id, 'resolved', actorId);
    const reportIds = items.filter((i) => i.kind === 'report' && i.refId).map((i) => i.refId!);
    const first = items[0];
    if (first) await this.closeReports(reportIds, 'resolved', first);
    return items.length;
  }

  private async closeReports(ids: string[], resolution: 'resolved' | 'dismissed', item: QueueRow): Promise<void> {
    const { moderation } = this.deps.uow.repos;
    for (const report of await moderation.reportsByIds(ids)) {
      if (report.status !== 'open') continue;
      await moderation.setReportStatus(report.id, resolution);
      if (report.reporterId) {
        this.deps.notify(report.reporterId, {
          kind: 'report_update',
          data: {
            subjectName: typeof item.data.subjectLabel === 'string' ? item.data.subjectLabel : report.subjectType,
            outcome: resolution === 'resolved' ? 'action_taken' : 'no_action',
          },
          dedupeKey: `report:${report.id}`,
        });
      }
    }
  }
}
