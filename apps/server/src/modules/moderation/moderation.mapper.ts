import type { AccountSummary, AuditEntry, QueueItem } from '@reverie/shared';
import type { UserRow } from '../users/users.repo.ts';
import type { AuditRow } from './audit.repo.ts';
import type { QueueRowWithOwner } from './moderation.repo.ts';

const str = (v: unknown) => (typeof v === 'string' ? v : null);

export function toQueueItem(row: QueueRowWithOwner): QueueItem {
  const label = str(row.data.subjectLabel);
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    priority: row.priority,
    title: row.title,
    subject:
      row.subjectType && row.subjectId
        ? { type: row.subjectType, id: row.subjectId, label: label ?? row.subjectType, url: str(row.data.subjectUrl) }
        : null,
    owner: row.ownerId ? { id: row.ownerId, username: row.ownerName ?? 'deleted account' } : null,
    count: row.count,
    problems: Array.isArray(row.data.problems)
      ? row.data.problems.map((p) => ({ field: p.field, rule: p.rule, span: typeof p.span === 'string' ? p.span : null }))
      : [],
    reviewRequested: row.data.reviewRequested === true,
    note: str(row.data.note),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
  };
}

export function toAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    actor: row.actorId ? { id: row.actorId, username: row.actorName ?? 'unknown' } : null,
    actorRole: row.actorRole,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    targetLabel: row.targetLabel,
    reason: row.reason,
    details: row.details,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toAccountSummary(row: UserRow, warnings: number): AccountSummary {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    role: row.role,
    coins: row.coins,
    tier: row.tier,
    emailVerified: row.emailVerifiedAt !== null,
    suspendedAt: row.suspendedAt?.toISOString() ?? null,
    suspensionReason: row.suspensionReason,
    warnings,
    createdAt: row.createdAt.toISOString(),
  };
}
