// The audit log of moderation actions: who, what, when, why. Written in the same transaction as the action it
// records, read by the console; never changed (the repository has no update or delete, the table refuses them).
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { AuditRepo, AuditRow } from './audit.repo.ts';

/** A moderator or admin, as the audit log records them. */
export interface StaffActor {
  userId: string;
  role: 'moderator' | 'admin';
  username: string;
}

export interface AuditInput {
  action: string;
  targetType: string;
  targetId: string;
  targetLabel?: string | null;
  targetOwnerId?: string | null;
  reason: string;
  details?: Record<string, unknown>;
}

export class AuditLog {
  constructor(private readonly uow: UnitOfWork<{ audit: AuditRepo }>) {}

  record(actor: StaffActor, entry: AuditInput): Promise<AuditRow> {
    return this.uow.repos.audit.append({
      actorId: actor.userId,
      actorRole: actor.role,
      actorName: actor.username,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId,
      targetLabel: entry.targetLabel ?? null,
      targetOwnerId: entry.targetOwnerId ?? null,
      reason: entry.reason,
      details: entry.details ?? {},
    });
  }

  page(f: { targetId?: string; actorId?: string }, page: number, limit: number) {
    return this.uow.repos.audit.page(f, limit, (page - 1) * limit);
  }

  history(targetIds: string[], ownerIds: string[], limit = 30) {
    return this.uow.repos.audit.history({ targetIds, ownerIds, limit });
  }
}
