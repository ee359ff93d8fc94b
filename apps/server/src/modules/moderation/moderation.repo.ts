// Reports and the moderation queue.
import { and, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  contentRefusals,
  conversations,
  moderationQueue,
  reports,
  users,
  type ContentRefusalRow,
  type QueueRow,
  type ReportRow,
} from '../../db/schema/index.ts';
import type { ConversationModerationScope } from '../../db/schema/chat.ts';
import type { QueueData } from '../../db/schema/moderation.ts';

export type { ContentRefusalRow, QueueRow, ReportRow, QueueData };
export type { RefusalProblem } from '../../db/schema/refusals.ts';
export type NewRefusal = typeof contentRefusals.$inferInsert;
export type NewReport = typeof reports.$inferInsert;
export type NewQueueItem = typeof moderationQueue.$inferInsert;
export type QueueRowWithOwner = QueueRow & { ownerName: string | null };

export interface QueueFilter {
  status: 'open' | 'resolved' | 'dismissed' | 'all';
  kind?: QueueRow['kind'];
  highOnly?: boolean;
}

const withOwner = { item: moderationQueue, ownerName: users.username };

export class ModerationRepo {
  constructor(private readonly db: DbOrTx) {}

  /**
   * Adds cues to a conversation's moderation scope (conversations.moderation_scope, the policy's column). A cue already
   * kept stays as it was first seen: of two writers at once, the earlier cue wins for each kind.
   */
  async rememberScope(conversationId: string, scope: ConversationModerationScope): Promise<void> {
    await this.db
      .update(conversations)
      .set({ moderationScope: sql`${JSON.stringify(scope)}::jsonb || coalesce(${conversations.moderationScope}, '{}'::jsonb)` })
      .where(eq(conversations.id, conversationId));
  }

  /** Keeps a refusal of a person's text (rules, fields, positions and hashes of the words, never the words). */
  async insertRefusal(values: NewRefusal): Promise<void> {
    await this.db.insert(contentRefusals).values(values).onConflictDoNothing();
  }

  /** The caller's own refusal (undefined for anyone else's, or none). */
  async ownRefusal(id: string, userId: string): Promise<ContentRefusalRow | undefined> {
    const [row] = await this.db
      .select()
      .from(contentRefusals)
      .where(and(eq(contentRefusals.id, id), eq(contentRefusals.userId, userId)));
    return row;
  }

  /** Marks a refusal as sent for review; false when its review was already asked for. */
  async markRefusalReviewed(id: string): Promise<boolean> {
    const rows = await this.db
      .update(contentRefusals)
      .set({ reviewRequestedAt: sql`now()` })
      .where(and(eq(contentRefusals.id, id), sql`${contentRefusals.reviewRequestedAt} is null`))
      .returning({ id: contentRefusals.id });
    return rows.length > 0;
  }

  /** undefined when the reporter already has an open report of this subject. */
  async insertReport(values: NewReport): Promise<ReportRow | undefined> {
    const [row] = await this.db.insert(reports).values(values).onConflictDoNothing().returning();
    return row;
  }

  async report(id: string): Promise<ReportRow | undefined> {
    const [row] = await this.db.select().from(reports).where(eq(reports.id, id));
    return row;
  }

  async setReportStatus(id: string, status: 'resolved' | 'dismissed'): Promise<void> {
    await this.db.update(reports).set({ status, resolvedAt: new Date() }).where(eq(reports.id, id));
  }

  async insertItem(values: NewQueueItem): Promise<QueueRow> {
    const [row] = await this.db.insert(moderationQueue).values(values).returning();
    return row!;
  }

  /** An open item with the same (kind, groupKey) takes the repeat (count + 1); otherwise a new item. */
  async upsertGroupedItem(values: NewQueueItem & { groupKey: string }): Promise<QueueRow> {
    const [row] = await this.db
      .insert(moderationQueue)
      .values(values)
      .onConflictDoUpdate({
        target: [moderationQueue.kind, moderationQueue.groupKey],
        targetWhere: sql`${moderationQueue.status} = 'open' and ${moderationQueue.groupKey} is not null`,
        set: { count: sql`${moderationQueue.count} + 1`, updatedAt: sql`now()`, data: sql`excluded.data` },
      })
      .returning();
    return row!;
  }

  async item(id: string): Promise<QueueRowWithOwner | undefined> {
    const [row] = await this.db
      .select(withOwner)
      .from(moderationQueue)
      .leftJoin(users, eq(users.id, moderationQueue.ownerId))
      .where(eq(moderationQueue.id, id));
    return row ? { ...row.item, ownerName: row.ownerName } : undefined;
  }

  async itemByRef(kind: QueueRow['kind'], refId: string): Promise<QueueRow | undefined> {
    const [row] = await this.db
      .select()
      .from(moderationQueue)
      .where(and(eq(moderationQueue.kind, kind), eq(moderationQueue.refId, refId)))
      .orderBy(desc(moderationQueue.createdAt))
      .limit(1);
    return row;
  }

  private filter(f: QueueFilter): SQL | undefined {
    return and(
      f.status === 'all' ? undefined : eq(moderationQueue.status, f.status),
      f.kind ? eq(moderationQueue.kind, f.kind) : undefined,
      f.highOnly ? eq(moderationQueue.priority, 'high') : undefined,
    );
  }

  /** Newest activity first; open high-priority items lead. */
  async page(f: QueueFilter, limit: number, offset: number): Promise<{ rows: QueueRowWithOwner[]; total: number }> {
    const where = this.filter(f);
    const [rows, [count]] = await Promise.all([
      this.db
        .select(withOwner)
        .from(moderationQueue)
        .leftJoin(users, eq(users.id, moderationQueue.ownerId))
        .where(where)
        .orderBy(
          sql`case when ${moderationQueue.status} = 'open' and ${moderationQueue.priority} = 'high' then 0 else 1 end`,
          desc(moderationQueue.updatedAt),
          desc(moderationQueue.id),
        )
        .limit(limit)
        .offset(offset),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(moderationQueue)
        .where(where),
    ]);
    return { rows: rows.map((r) => ({ ...r.item, ownerName: r.ownerName })), total: count?.n ?? 0 };
  }

  async openCounts(): Promise<Record<string, number>> {
    const rows = await this.db
      .select({ kind: moderationQueue.kind, n: sql<number>`count(*)::int` })
      .from(moderationQueue)
      .where(eq(moderationQueue.status, 'open'))
      .groupBy(moderationQueue.kind);
    return Object.fromEntries(rows.map((r) => [r.kind, r.n]));
  }

  /** Items about the same subject or the same owner, except `exceptId`. */
  async related(opts: { subjectId?: string | null; ownerId?: string | null; exceptId?: string; limit: number }) {
    const conditions = [
      opts.subjectId ? eq(moderationQueue.subjectId, opts.subjectId) : undefined,
      opts.ownerId ? eq(moderationQueue.ownerId, opts.ownerId) : undefined,
    ].filter((c): c is SQL => !!c);
    if (conditions.length === 0) return [];
    const rows = await this.db
      .select(withOwner)
      .from(moderationQueue)
      .leftJoin(users, eq(users.id, moderationQueue.ownerId))
      .where(and(or(...conditions), opts.exceptId ? ne(moderationQueue.id, opts.exceptId) : undefined))
      .orderBy(desc(moderationQueue.updatedAt))
      .limit(opts.limit);
    return rows.map((r) => ({ ...r.item, ownerName: r.ownerName }));
  }

  async setItemStatus(id: string, status: QueueRow['status'], by: string | null): Promise<QueueRow | undefined> {
    const [row] = await this.db
      .update(moderationQueue)
      .set({
        status,
        updatedAt: new Date(),
        resolvedAt: status === 'open' ? null : new Date(),
        resolvedBy: status === 'open' ? null : by,
      })
      .where(eq(moderationQueue.id, id))
      .returning();
    return row;
  }

  /** Open items about a subject (resolved together when a decision settles them all). */
  async openItemsForSubject(subjectType: string, subjectId: string): Promise<QueueRow[]> {
    return this.db
      .select()
      .from(moderationQueue)
      .where(
        and(
          eq(moderationQueue.status, 'open'),
          sql`${moderationQueue.subjectType} = ${subjectType}`,
          eq(moderationQueue.subjectId, subjectId),
        ),
      );
  }

  async openReportsFor(subjectType: string, subjectId: string): Promise<ReportRow[]> {
    return this.db
      .select()
      .from(reports)
      .where(and(eq(reports.status, 'open'), sql`${reports.subjectType} = ${subjectType}`, eq(reports.subjectId, subjectId)));
  }

  /** Retention: reports and queue items closed before `before` (the audit log keeps what was decided). */
  async purgeClosed(before: Date): Promise<number> {
    const items = await this.db
      .delete(moderationQueue)
      .where(and(ne(moderationQueue.status, 'open'), sql`${moderationQueue.resolvedAt} < ${before.toISOString()}`))
      .returning({ id: moderationQueue.id });
    const closed = await this.db
      .delete(reports)
      .where(and(ne(reports.status, 'open'), sql`${reports.resolvedAt} < ${before.toISOString()}`))
      .returning({ id: reports.id });
    return items.length + closed.length;
  }

  async reportsByIds(ids: string[]): Promise<ReportRow[]> {
    if (ids.length === 0) return [];
    return this.db.select().from(reports).where(inArray(reports.id, ids));
  }
}
