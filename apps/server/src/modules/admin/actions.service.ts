// What moderators and admins do: hide, remove or restore content; warn, suspend or unsuspend an account; adjust
// coins through the ledger; change roles. Each action and its audit entry commit together; the people concerned are
// notified after the commit, and a suspension ends the account's sessions everywhere within a second.
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import type { LedgerService } from '../billing/billing.service.ts';
import { InsufficientCoinsError } from '../billing/billing.service.ts';
import type { AuditRepo } from '../moderation/audit.repo.ts';
import type { AuditLog, StaffActor } from '../moderation/audit.service.ts';
import type { ModerationQueue } from '../moderation/queue.service.ts';
import type { SubjectsRepo } from '../moderation/subjects.repo.ts';
import type { ContentAction, SubjectRegistry } from '../moderation/subjects.ts';
import type { NotificationInput } from '../notifications/notifications.service.ts';
import type { UserRow } from '../users/users.repo.ts';
import { ADMINS_ONLY } from './staff.ts';

type Role = UserRow['role'];
const PAST: Record<ContentAction, 'hidden' | 'removed' | 'restored'> = { hide: 'hidden', remove: 'removed', restore: 'restored' };

export class ActionsService {
  constructor(
    private readonly deps: {
      uow: UnitOfWork<{ subjects: SubjectsRepo; audit: AuditRepo }>;
      subjects: SubjectRegistry;
      audit: AuditLog;
      queue: ModerationQueue;
      ledger: LedgerService;
      /** Sends after the transaction commits. */
      notify: (userId: string, input: NotificationInput) => void;
      sessions: { revokeAllForUser(userId: string): Promise<void> };
      endStreams: (userId: string) => Promise<void>;
    },
  ) {}

  async content(staff: StaffActor, type: 'character' | 'image', id: string, action: ContentAction, reason: string) {
    const resolver = this.deps.subjects.get(type);
    if (!resolver.act) throw AppError.badRequest(`${type}s cannot be hidden or removed.`);
    const act = resolver.act.bind(resolver);
    const audit = await this.deps.uow.run(async () => {
      const target = await act(action, id);
      const settled = action === 'restore' ? 0 : await this.deps.queue.settleSubject(staff.userId, type, id);
      const entry = await this.deps.audit.record(staff, {
        action: `content.${action}`,
        targetType: type,
        targetId: id,
        targetLabel: target.label,
        targetOwnerId: target.ownerId,
        reason,
        details: { settledItems: settled },
      });
      if (target.ownerId) {
        this.deps.notify(target.ownerId, {
          kind: 'moderation',
          data: { action: PAST[action], subjectType: type, subjectName: target.label, reason },
          link: action === 'remove' ? '/user-characters' : `/characters/${id}`,
        });
      }
      return { entry, label: target.label };
    });
    return { message: `${audit.label} ${PAST[action] === 'restored' ? 'was restored' : `is ${PAST[action]}`}.`, auditId: audit.entry.id };
  }

  async user(staff: StaffActor, id: string, action: 'warn' | 'suspend' | 'unsuspend', reason: string) {
    const target = await this.target(staff, id);
    if (action === 'warn') {
      const entry = await this.deps.uow.run(async () => {
        const e = await this.deps.audit.record(staff, this.entry('user.warn', target, reason));
        this.deps.notify(id, { kind: 'moderation', data: { action: 'warned', reason } });
        return e;
      });
      return { message: `@${target.username} was warned.`, auditId: entry.id };
    }
    if (action === 'suspend') {
      if (target.suspendedAt) throw AppError.conflict(`@${target.username} is already suspended.`);
      if (target.role === 'admin') throw AppError.conflict('Administrators cannot be suspended. Change the role first.');
      const { entry, hidden } = await this.deps.uow.run(async ({ subjects }) => {
        await subjects.setSuspended(id, { reason });
        const hidden = await subjects.holdAllOf(id);
        await this.deps.queue.settleSubject(staff.userId, 'user', id);
        const entry = await this.deps.audit.record(staff, {
          ...this.entry('user.suspend', target, reason),
          details: { hiddenCharacters: hidden.length },
        });
        return { entry, hidden };
      });
      // After the commit: every session ends (refused within a second on every process) and open streams close.
      await this.deps.sessions.revokeAllForUser(id);
      await this.deps.endStreams(id);
      return {
        message: `@${target.username} is suspended: signed out everywhere, sign-in refused, ${hidden.length} public or unlisted character${hidden.length === 1 ? '' : 's'} hidden.`,
        auditId: entry.id,
      };
    }
    if (!target.suspendedAt) throw AppError.conflict(`@${target.username} is not suspended.`);
    const { entry, restored } = await this.deps.uow.run(async ({ subjects }) => {
      await subjects.setSuspended(id, null);
      const restored = await subjects.releaseAllOf(id);
      const entry = await this.deps.audit.record(staff, {
        ...this.entry('user.unsuspend', target, reason),
        details: { restoredCharacters: restored.length },
      });
      this.deps.notify(id, { kind: 'moderation', data: { action: 'unsuspended', reason } });
      return { entry, restored };
    });
    return {
      message: `@${target.username} can sign in again; ${restored.length} character${restored.length === 1 ? '' : 's'} restored.`,
      auditId: entry.id,
    };
  }

  /** Admins only. The Idempotency-Key makes a retried click apply once (the ledger keeps the key). */
  async coins(staff: StaffActor, id: string, delta: number, reason: string, idempotencyKey: string) {
    const target = await this.target(staff, id);
    const key = `admin-coins:${id}:${idempotencyKey}`;
    try {
      return await this.deps.uow.run(async ({ audit }) => {
        const move = {
          userId: id,
          amount: Math.abs(delta),
          reason: delta > 0 ? 'admin_credit' : 'admin_debit',
          reference: staff.userId,
          idempotencyKey: key,
        };
        const result = delta > 0 ? await this.deps.ledger.credit(move) : await this.deps.ledger.debit(move);
        if (!result.applied) {
          const earlier = await audit.byIdempotencyKey('user.coins', key);
          return { message: 'This adjustment was already applied.', auditId: earlier!.id, balance: result.balance, applied: false };
        }
        const entry = await this.deps.audit.record(staff, {
          ...this.entry('user.coins', target, reason),
          details: { delta, balance: result.balance, idempotencyKey: key },
        });
        this.deps.notify(id, {
          kind: 'payment',
          data: { event: delta > 0 ? 'admin_credit' : 'admin_debit', coins: Math.abs(delta), reason },
          link: '/coins',
        });
        return {
          message: `${delta > 0 ? 'Added' : 'Took away'} ${Math.abs(delta)} coins; the balance is ${result.balance}.`,
          auditId: entry.id,
          balance: result.balance,
          applied: true,
        };
      });
    } catch (err) {
      if (err instanceof InsufficientCoinsError) {
        throw new AppError(
          402,
          'PAYMENT_REQUIRED',
          `@${target.username} has only ${err.balance} coins: take away at most ${err.balance}.`,
          {
            details: { cost: err.needed, balance: err.balance },
          },
        );
      }
      throw err;
    }
  }

  /** Admins only; never your own role. The account is signed out so that the new role applies at once. */
  async role(staff: StaffActor, id: string, role: Role, reason: string) {
    if (staff.role !== 'admin') throw AppError.forbidden(ADMINS_ONLY);
    const target = await this.target(staff, id);
    if (target.role === role)
      throw AppError.conflict(
        `@${target.username} is already ${role === 'user' ? 'a member' : `a${role === 'admin' ? 'n' : ''} ${role}`}.`,
      );
    const entry = await this.deps.uow.run(async ({ subjects }) => {
      await subjects.setRole(id, role);
      return this.deps.audit.record(staff, { ...this.entry('user.role', target, reason), details: { from: target.role, to: role } });
    });
    await this.deps.sessions.revokeAllForUser(id);
    return {
      message: `@${target.username} is now ${role === 'user' ? 'a member' : `a${role === 'admin' ? 'n' : ''} ${role}`}; they were signed out so the role applies now.`,
      auditId: entry.id,
    };
  }

  /** The account acted on: never your own, and only admins act on other staff. */
  private async target(staff: StaffActor, id: string): Promise<UserRow> {
    const row = await this.deps.uow.repos.subjects.user(id);
    if (!row) throw AppError.notFound('User');
    if (row.id === staff.userId) throw AppError.conflict('You cannot do this to your own account.');
    if (row.role !== 'user' && staff.role !== 'admin') throw AppError.forbidden('Only administrators can act on staff accounts.');
    return row;
  }

  private entry(action: string, target: UserRow, reason: string) {
    return { action, targetType: 'user', targetId: target.id, targetLabel: `@${target.username}`, targetOwnerId: target.id, reason };
  }
}
