import type { AdminUserDetail, QueueItemDetail, ReportReason } from '@reverie/shared';
import { toAccountSummary, toAuditEntry, toQueueItem } from '../moderation/moderation.mapper.ts';
import { toTicketDetail } from '../support/support.mapper.ts';
import type { QueueItemFacts, UserFacts } from './console.service.ts';

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** A page of rows as the wire's page: `hasMore` counts the rows this page read. */
export function toPage<R, T>(p: { rows: R[]; page: number; limit: number; total: number }, map: (row: R) => T) {
  const { rows, page, limit, total } = p;
  return { items: rows.map(map), page, limit, total, hasMore: (page - 1) * limit + rows.length < total };
}

export function toQueueItemDetail(f: QueueItemFacts): QueueItemDetail {
  const { row, report, reporter, removal } = f;
  return {
    ...toQueueItem(row),
    report: report
      ? {
          reason: report.reason as ReportReason,
          note: report.note,
          snapshot: report.snapshot,
          reporter: reporter ? { id: reporter.id, username: reporter.username } : null,
        }
      : null,
    removalRequest: removal
      ? {
          id: removal.id,
          reference: removal.reference,
          subjectUrl: removal.subjectUrl,
          reason: removal.reason,
          contactEmail: removal.contactEmail,
          name: removal.name,
          details: removal.details,
          swornStatement: removal.swornStatement,
          outcome: removal.outcome,
        }
      : null,
    blocked:
      row.kind === 'blocked_content'
        ? {
            rule: str(row.data.rule),
            field: str(row.data.field),
            surface: str(row.data.surface),
            policyVersion: str(row.data.policyVersion),
          }
        : null,
    ticket: f.ticket ? toTicketDetail(f.ticket) : null,
    context: f.context,
    ownerAccount: f.owner ? toAccountSummary(f.owner, f.ownerWarnings) : null,
    history: f.history.map(toAuditEntry),
    related: f.related.map(toQueueItem),
  };
}

export function toAdminUserDetail(f: UserFacts): AdminUserDetail {
  return {
    account: toAccountSummary(f.row, f.warnings),
    history: f.history.map(toAuditEntry),
    openItems: f.openItems.map(toQueueItem),
    heldCharacters: f.held.map((c) => ({ type: 'character' as const, id: c.id, label: c.name, url: `/characters/${c.id}` })),
  };
}
