import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { pushPreferences, pushSubscriptions, type PushPreferencesRow, type PushSubscriptionRow } from '../../db/schema/index.ts';

export type { PushPreferencesRow, PushSubscriptionRow };

export interface NewPushSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
  label: string;
}

export interface PushPreferencesPatch {
  topicsOff?: string[];
  quiet?: { start: string; end: string; timeZone: string } | null;
}

export class PushRepo {
  constructor(private readonly db: DbOrTx) {}

  /** One row per endpoint: the same browser registering again (or for another account) takes the row over. */
  async upsert(userId: string, s: NewPushSubscription): Promise<PushSubscriptionRow> {
    const [row] = await this.db
      .insert(pushSubscriptions)
      .values({ userId, ...s })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, p256dh: s.p256dh, auth: s.auth, label: s.label, createdAt: sql`now()`, lastPushAt: null },
      })
      .returning();
    return row!;
  }

  /** The user's devices, newest first. */
  listFor(userId: string): Promise<PushSubscriptionRow[]> {
    return this.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id));
  }

  /** Keeps the user's `keep` newest devices (by last use, else registration); returns how many were dropped. */
  async trim(userId: string, keep: number): Promise<number> {
    const rows = await this.db
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(
        desc(sql`coalesce(${pushSubscriptions.lastPushAt}, ${pushSubscriptions.createdAt})`),
        desc(pushSubscriptions.createdAt),
        asc(pushSubscriptions.id),
      )
      .offset(keep);
    for (const r of rows) await this.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, r.id));
    return rows.length;
  }

  async find(id: string): Promise<PushSubscriptionRow | undefined> {
    const [row] = await this.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
    return row;
  }

  async remove(id: string): Promise<boolean> {
    const rows = await this.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id)).returning({ id: pushSubscriptions.id });
    return rows.length > 0;
  }

  /** The push service said this browser is gone (404/410): only the row that still has that endpoint goes. */
  async removeEndpoint(id: string, endpoint: string): Promise<boolean> {
    const rows = await this.db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.endpoint, endpoint)))
      .returning({ id: pushSubscriptions.id });
    return rows.length > 0;
  }

  async markPushed(id: string, at: Date): Promise<void> {
    await this.db.update(pushSubscriptions).set({ lastPushAt: at }).where(eq(pushSubscriptions.id, id));
  }

  async preferences(userId: string): Promise<PushPreferencesRow | undefined> {
    const [row] = await this.db.select().from(pushPreferences).where(eq(pushPreferences.userId, userId));
    return row;
  }

  async savePreferences(userId: string, p: PushPreferencesPatch): Promise<PushPreferencesRow> {
    const set: Partial<typeof pushPreferences.$inferInsert> = { updatedAt: new Date() };
    if (p.topicsOff) set.topicsOff = p.topicsOff;
    if (p.quiet !== undefined) {
      set.quietStart = p.quiet?.start ?? null;
      set.quietEnd = p.quiet?.end ?? null;
      set.timeZone = p.quiet?.timeZone ?? null;
    }
    const [row] = await this.db
      .insert(pushPreferences)
      .values({ userId, ...set })
      .onConflictDoUpdate({ target: pushPreferences.userId, set })
      .returning();
    return row!;
  }
}
