// What the admin console reads: the queue, an item with everything needed to decide (the content, its owner,
// earlier actions, related items), accounts and the audit log. Rows here; console.mapper.ts builds the answers.
import type { SubjectContext } from '@reverie/shared';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuditRepo } from '../moderation/audit.repo.ts';
import type { AuditLog } from '../moderation/audit.service.ts';
import type { ModerationRepo, QueueFilter } from '../moderation/moderation.repo.ts';
import type { SubjectsRepo } from '../moderation/subjects.repo.ts';
import type { SubjectRegistry } from '../moderation/subjects.ts';
import type { SupportRepo } from '../support/support.repo.ts';
import type { SupportService } from '../support/support.service.ts';

type Repos = { moderation: ModerationRepo; subjects: SubjectsRepo; support: SupportRepo; audit: AuditRepo };

export type QueueItemFacts = Awaited<ReturnType<ConsoleService['item']>>;
export type UserFacts = Awaited<ReturnType<ConsoleService['user']>>;

export class ConsoleService {
  constructor(
    private readonly deps: {
      uow: UnitOfWork<Repos>;
      subjects: SubjectRegistry;
      audit: AuditLog;
      support: SupportService;
    },
  ) {}

  private get repos() {
    return this.deps.uow.repos;
  }

  async queue(q: QueueFilter & { page: number; limit: number }) {
    const { moderation } = this.repos;
    const [{ rows, total }, openCounts] = await Promise.all([
      moderation.page({ status: q.status, kind: q.kind, highOnly: q.highOnly }, q.limit, (q.page - 1) * q.limit),
      moderation.openCounts(),
    ]);
    return { rows, page: q.page, limit: q.limit, total, openCounts };
  }

  async item(id: string) {
    const { moderation, support, subjects, audit } = this.repos;
    const row = await moderation.item(id);
    if (!row) throw AppError.notFound('Queue item');

    const report = row.kind === 'report' && row.refId ? await moderation.report(row.refId) : undefined;
    const reporter = report?.reporterId ? await subjects.user(report.reporterId) : undefined;
    const removal = row.kind === 'removal_request' && row.refId ? await support.removalRequest(row.refId) : undefined;
    const ticket = row.kind === 'ticket' && row.refId ? await this.deps.support.detail(row.refId) : null;
    const owner = row.ownerId ? await subjects.user(row.ownerId) : undefined;
    const [history, related, context, ownerWarnings] = await Promise.all([
      this.deps.audit.history(
        [row.id, row.refId, row.subjectId].filter((x): x is string => !!x),
        row.ownerId ? [row.ownerId] : [],
      ),
      moderation.related({ subjectId: row.subjectId, ownerId: row.ownerId, exceptId: row.id, limit: 10 }),
      this.context(row.subjectType, row.subjectId),
      owner ? audit.countFor(owner.id, 'user.warn') : 0,
    ]);
    return { row, report, reporter, removal, ticket, owner, ownerWarnings, history, related, context };
  }

  private async context(type: string | null, id: string | null): Promise<SubjectContext | null> {
    if (!type || !id) return null;
    const t = type as SubjectContext['ref']['type'];
    if (!this.deps.subjects.has(t)) return null;
    try {
      return await this.deps.subjects.get(t).context(id);
    } catch (err) {
      if (err instanceof AppError && err.status === 404) {
        return {
          ref: { type: t, id, label: 'Gone', url: null },
          missing: true,
          facts: [],
          excerpt: null,
          imageUrl: null,
          moderation: null,
        };
      }
      throw err;
    }
  }

  async users(q: { q?: string; suspendedOnly: boolean; page: number; limit: number }) {
    const { subjects, audit } = this.repos;
    const { rows, total } = await subjects.searchUsers({
      q: q.q,
      suspendedOnly: q.suspendedOnly,
      limit: q.limit,
      offset: (q.page - 1) * q.limit,
    });
    const accounts = await Promise.all(rows.map(async (user) => ({ user, warnings: await audit.countFor(user.id, 'user.warn') })));
    return { rows: accounts, page: q.page, limit: q.limit, total };
  }

  async user(id: string) {
    const { subjects, moderation, audit } = this.repos;
    const row = await subjects.user(id);
    if (!row) throw AppError.notFound('User');
    const [warnings, history, items, held] = await Promise.all([
      audit.countFor(id, 'user.warn'),
      this.deps.audit.history([id], [id], 50),
      moderation.related({ ownerId: id, limit: 20 }),
      subjects.heldOf(id),
    ]);
    return { row, warnings, history, openItems: items.filter((i) => i.status === 'open'), held };
  }

  async auditPage(q: { targetId?: string; actorId?: string; page: number; limit: number }) {
    const { rows, total } = await this.deps.audit.page({ targetId: q.targetId, actorId: q.actorId }, q.page, q.limit);
    return { rows, page: q.page, limit: q.limit, total };
  }
}
