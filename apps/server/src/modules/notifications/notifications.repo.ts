import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { follows, notificationDigests, notifications, subscriptions, users, type NotificationRow } from '../../db/schema/index.ts';
import type { NotificationData } from '../../db/schema/notifications.ts';

export type { NotificationRow, NotificationData };

export interface NewNotification {
  kind: string;
  data: NotificationData;
  link?: string | null;
  imageUrl?: string | null;
  groupKey?: string | null;
  dedupeKey?: string | null;
}

const live = sql`${notifications.deletedAt} is null`;
const unread = sql`${notifications.readAt} is null and ${notifications.deletedAt} is null`;

export class NotificationsRepo {
  constructor(private readonly db: DbOrTx) {}

  /**
   * One notification. With `groupKey`, an unread row with that key takes the event instead (count + 1, newer data);
   * with `dedupeKey`, a key seen before for this user inserts nothing (undefined).
   */
  async add(userId: string, n: NewNotification): Promise<NotificationRow | undefined> {
    const values = {
      userId,
      kind: n.kind,
      data: n.data,
      link: n.link ?? null,
      imageUrl: n.imageUrl ?? null,
      groupKey: n.groupKey ?? null,
      dedupeKey: n.dedupeKey ?? null,
    };
    if (n.groupKey) {
      const [row] = await this.db
        .insert(notifications)
        .values(values)
        .onConflictDoUpdate({
          target: [notifications.userId, notifications.groupKey],
          targetWhere: sql`${notifications.readAt} is null and ${notifications.deletedAt} is null and ${notifications.groupKey} is not null`,
          set: {
            count: sql`${notifications.count} + 1`,
            data: sql`excluded.data`,
            imageUrl: sql`excluded.image_url`,
            updatedAt: sql`now()`,
          },
        })
        .returning();
      return row;
    }
    const [row] = await this.db.insert(notifications).values(values).onConflictDoNothing().returning();
    return row;
  }

  /** The same notification for everyone who follows `creatorId` (a thousand rows per statement); returns the rows written. */
  async addForFollowers(creatorId: string, n: NewNotification): Promise<NotificationRow[]> {
    const followers = await this.db.select({ id: follows.followerId }).from(follows).where(eq(follows.followeeId, creatorId));
    const out: NotificationRow[] = [];
    for (let i = 0; i < followers.length; i += 1000) {
      const rows = await this.db
        .insert(notifications)
        .values(
          followers.slice(i, i + 1000).map((f) => ({
            userId: f.id,
            kind: n.kind,
            data: n.data,
            link: n.link ?? null,
            imageUrl: n.imageUrl ?? null,
            dedupeKey: n.dedupeKey ?? null,
          })),
        )
        .onConflictDoNothing()
        .returning();
      out.push(...rows);
    }
    return out;
  }

  async find(id: string): Promise<NotificationRow | undefined> {
    const [row] = await this.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.id, id), live));
    return row;
  }

  async page(userId: string, opts: { unreadOnly: boolean; limit: number; offset: number }) {
    const where = and(eq(notifications.userId, userId), opts.unreadOnly ? unread : live);
    const [rows, [count]] = await Promise.all([
      this.db
        .select()
        .from(notifications)
        .where(where)
        .orderBy(desc(notifications.updatedAt), desc(notifications.id))
        .limit(opts.limit)
        .offset(opts.offset),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(notifications)
        .where(where),
    ]);
    return { rows, total: count?.n ?? 0 };
  }

  async unreadCount(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), unread));
    return row?.n ?? 0;
  }

  async markRead(id: string): Promise<NotificationRow | undefined> {
    const [row] = await this.db
      .update(notifications)
      .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
      .where(and(eq(notifications.id, id), live))
      .returning();
    return row;
  }

  /**
   * Marks the user's notification with `dedupeKey` read and merges `patch` into its data (the thing it asked for was
   * done). Answers the row when there is one.
   */
  async resolve(userId: string, dedupeKey: string, patch: NotificationData): Promise<NotificationRow | undefined> {
    const [row] = await this.db
      .update(notifications)
      .set({ readAt: sql`coalesce(${notifications.readAt}, now())`, data: sql`${notifications.data} || ${JSON.stringify(patch)}::jsonb` })
      .where(and(eq(notifications.userId, userId), eq(notifications.dedupeKey, dedupeKey), live))
      .returning();
    return row;
  }

  /** Returns the ids that were unread. */
  async markAllRead(userId: string): Promise<string[]> {
    const rows = await this.db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(eq(notifications.userId, userId), unread))
      .returning({ id: notifications.id });
    return rows.map((r) => r.id);
  }

  /** Hidden at once; the row (and its dedupe key) goes with the retention sweep. */
  async softDelete(id: string): Promise<boolean> {
    const rows = await this.db
      .update(notifications)
      .set({ deletedAt: new Date(), readAt: sql`coalesce(${notifications.readAt}, now())` })
      .where(and(eq(notifications.id, id), live))
      .returning({ id: notifications.id });
    return rows.length > 0;
  }

  // ---- Digest mail -----------------------------------------------------------------------------------------------

  /**
   * Accounts with mail on, not suspended, holding notifications unread since before `olderThan` and not mailed yet,
   * whose last digest was before `cutoff`.
   */
  async digestCandidates(cutoff: Date, olderThan: Date, limit: number): Promise<string[]> {
    const rows = await this.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .leftJoin(notificationDigests, eq(notificationDigests.userId, notifications.userId))
      .where(
        and(
          isNull(notifications.emailedAt),
          unread,
          sql`${notifications.updatedAt} < ${olderThan.toISOString()}`,
          sql`coalesce((${users.settings}->>'emailNotifications')::boolean, true)`,
          isNull(users.suspendedAt),
          sql`(${notificationDigests.sentAt} is null or ${notificationDigests.sentAt} < ${cutoff.toISOString()})`,
        ),
      )
      .groupBy(notifications.userId)
      .limit(limit);
    return rows.map((r) => r.userId);
  }

  /** Claims this user's digest (only one process wins while the last one is newer than `cutoff`). */
  async claimDigest(userId: string, cutoff: Date, now: Date): Promise<boolean> {
    const rows = await this.db
      .insert(notificationDigests)
      .values({ userId, sentAt: now })
      .onConflictDoUpdate({
        target: notificationDigests.userId,
        set: { sentAt: now },
        setWhere: sql`${notificationDigests.sentAt} < ${cutoff.toISOString()}`,
      })
      .returning({ userId: notificationDigests.userId });
    return rows.length > 0;
  }

  async unmailed(userId: string, olderThan: Date, limit: number): Promise<{ rows: NotificationRow[]; total: number }> {
    const where = and(
      eq(notifications.userId, userId),
      isNull(notifications.emailedAt),
      unread,
      sql`${notifications.updatedAt} < ${olderThan.toISOString()}`,
    );
    const [rows, [count]] = await Promise.all([
      this.db.select().from(notifications).where(where).orderBy(desc(notifications.updatedAt)).limit(limit),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(notifications)
        .where(where),
    ]);
    return { rows, total: count?.n ?? 0 };
  }

  async markEmailed(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.update(notifications).set({ emailedAt: new Date() }).where(inArray(notifications.id, ids));
  }

  /** Retention: read or deleted notifications older than `readBefore`, and any older than `anyBefore`. */
  async purge(readBefore: Date, anyBefore: Date): Promise<number> {
    const rows = await this.db
      .delete(notifications)
      .where(
        sql`(coalesce(${notifications.deletedAt}, ${notifications.readAt}) < ${readBefore.toISOString()}) or ${notifications.createdAt} < ${anyBefore.toISOString()}`,
      )
      .returning({ id: notifications.id });
    return rows.length;
  }

  /** Accounts with a membership that may be earning monthly coins (the monthly-coins announcement checks each). */
  async memberIds(now: Date, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ userId: subscriptions.userId })
      .from(subscriptions)
      .where(
        and(
          inArray(subscriptions.status, ['active', 'past_due']),
          isNull(subscriptions.endedAt),
          sql`${subscriptions.currentPeriodEnd} > ${now.toISOString()}`,
        ),
      )
      .limit(limit);
    return rows.map((r) => r.userId);
  }
}
