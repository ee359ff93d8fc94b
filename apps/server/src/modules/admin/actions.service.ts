// What moderators and admins do: hide, remove or restore content; warn, suspend or unsuspend an account; adjust
// coins through the ledger; change roles; mark characters premium. Each action and its audit entry commit together; the people concerned are
// notified after the commit, and a suspension ends the account's sessions everywhere within a second.
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import type { LedgerService } from '../billing/ledger.service.ts';
import { InsufficientCoinsError } from '../billing/ledger.service.ts';
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
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const upperFirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

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
      /** Character lists cached outside the database (feed totals, search) are dropped after a change. */
      charactersChanged?: () => Promise<void>;
    },
  ) {}

  /** Every content type that a suspension hides (characters, images), with what it did. */
  private async eachContent(fn: 'holdAllOf' | 'releaseAllOf', ownerId: string): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const [type, resolver] of this.deps.subjects.all()) {
      const run = resolver[fn];
      if (run) counts[type] = await run.call(resolver, ownerId);
    }
    return counts;
  }

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
          link: target.link ?? (action === 'remove' ? '/user-characters' : `/characters/${id}`),
        });
      }
      return { entry, label: target.label };
    });
    if (type === 'character') await this.deps.charactersChanged?.();
    const label = type === 'image' ? upperFirst(audit.label) : audit.label;
    return { message: `${label} ${PAST[action] === 'restored' ? 'was restored' : `is ${PAST[action]}`}.`, auditId: audit.entry.id };
  }

  /** Admins only: a premium character needs a membership with premium characters to chat with (its creator excepted). */
  async premium(staff: StaffActor, id: string, premium: boolean, reason: string) {
    if (staff.role !== 'admin') throw AppError.forbidden(ADMINS_ONLY);
    const { entry, name } = await this.deps.uow.run(async ({ subjects }) => {
      const c = await subjects.character(id);
      if (!c || (c.deletedAt && !c.moderationRemovedAt)) throw AppError.notFound('Character');
      if (c.premium === premium) throw AppError.conflict(`${c.name} is already ${premium ? 'premium' : 'not premium'}.`);
      await subjects.setPremium(id, premium);
      const entry = await this.deps.audit.record(staff, {
        action: 'character.premium',
        targetType: 'character',
        targetId: id,
        targetLabel: c.name,
        targetOwnerId: c.creatorId,
        reason,
        details: { from: c.premium, to: premium },
      });
      return { entry, name: c.name };
    });
    await this.deps.charactersChanged?.();
    return {
      message: premium
        ? `${name} is premium now: chatting with it needs a membership with premium characters.`
        : `${name} is not premium any more: every member can chat with it.`,
      auditId: entry.id,
    };
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
        const hidden = await this.eachContent('holdAllOf', id);
        await this.deps.queue.settleSubject(staff.userId, 'user', id);
        const entry = await this.deps.audit.record(staff, {
          ...this.entry('user.suspend', target, reason),
          details: { hiddenCharacters: hidden.character ?? 0, hiddenImages: hidden.image ?? 0 },
        });
        return { entry, hidden };
      });
      // After the commit: every session ends (refused within a second on every process) and open streams close.
      await this.deps.sessions.revokeAllForUser(id);
      await this.deps.endStreams(id);
      await this.deps.charactersChanged?.();
      const images = hidden.image ? ` and ${plural(hidden.image, 'public image')}` : '';
      return {
        message: `@${target.username} is suspended: signed out everywhere, sign-in refused, ${plural(hidden.character ?? 0, 'public or unlisted character')}${images} hidden.`,
        auditId: entry.id,
      };
    }
    if (!target.suspendedAt) throw AppError.conflict(`@${target.username} is not suspended.`);
    const { entry, restored } = await this.deps.uow.run(async ({ subjects }) => {
      await subjects.setSuspended(id, null);
      const restored = await this.eachContent('releaseAllOf', id);
      const entry = await this.deps.audit.record(staff, {
        ...this.entry('user.unsuspend', target, reason),
        details: { restoredCharacters: restored.character ?? 0, restoredImages: restored.image ?? 0 },
      });
      this.deps.notify(id, { kind: 'moderation', data: { action: 'unsuspended', reason } });
      return { entry, restored };
    });
    await this.deps.charactersChanged?.();
    const images = restored.image ? ` and ${plural(restored.image, 'image')}` : '';
    return {
      message: `@${target.username} can sign in again; ${plural(restored.character ?? 0, 'character')}${images} restored.`,
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
