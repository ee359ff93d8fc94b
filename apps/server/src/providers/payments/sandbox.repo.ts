import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sandboxObjects } from '../../db/schema/index.ts';

export type SandboxObjectRow = typeof sandboxObjects.$inferSelect;

/** The sandbox processor's object store (its "side" of the card processor). */
export class SandboxRepo {
  constructor(private readonly db: DbOrTx) {}

  async get<T>(id: string, type: string, opts: { forUpdate?: boolean } = {}): Promise<T | undefined> {
    const q = this.db
      .select({ data: sandboxObjects.data })
      .from(sandboxObjects)
      .where(and(eq(sandboxObjects.id, id), eq(sandboxObjects.type, type)));
    const [row] = opts.forUpdate ? await q.for('update') : await q;
    return row?.data as T | undefined;
  }

  async put(id: string, type: string, userId: string | null, data: object, pending = false): Promise<void> {
    const value = data as Record<string, unknown>;
    await this.db
      .insert(sandboxObjects)
      .values({ id, type, userId, data: value, pending })
      .onConflictDoUpdate({ target: sandboxObjects.id, set: { data: value, updatedAt: new Date() } });
  }

  /** Holds the customer's lock until the transaction ends: one payment of theirs is taken at a time. */
  async lockCustomer(userId: string): Promise<void> {
    await this.db.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`sandbox-customer:${userId}`}))`);
  }

  async listByType<T>(type: string, userId?: string): Promise<T[]> {
    const rows = await this.db
      .select({ data: sandboxObjects.data })
      .from(sandboxObjects)
      .where(userId ? and(eq(sandboxObjects.type, type), eq(sandboxObjects.userId, userId)) : eq(sandboxObjects.type, type))
      .orderBy(asc(sandboxObjects.createdAt));
    return rows.map((r) => r.data as T);
  }

  async pendingEvents<T>(limit: number): Promise<T[]> {
    const rows = await this.db
      .select({ data: sandboxObjects.data })
      .from(sandboxObjects)
      .where(and(eq(sandboxObjects.type, 'event'), eq(sandboxObjects.pending, true)))
      .orderBy(asc(sandboxObjects.createdAt), asc(sql`${sandboxObjects.data}->>'seq'`))
      .limit(limit);
    return rows.map((r) => r.data as T);
  }

  async markDelivered(id: string): Promise<void> {
    await this.db.update(sandboxObjects).set({ pending: false, updatedAt: new Date() }).where(eq(sandboxObjects.id, id));
  }
}
