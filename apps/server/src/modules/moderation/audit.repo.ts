// The audit log: insert and read. There is deliberately no update or delete here (and the table refuses them).
import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { moderationAuditLog, type AuditRow } from '../../db/schema/index.ts';

export type { AuditRow };
export type NewAuditEntry = typeof moderationAuditLog.$inferInsert;

export class AuditRepo {
  constructor(private readonly db: DbOrTx) {}

  async append(entry: NewAuditEntry): Promise<AuditRow> {
    const [row] = await this.db.insert(moderationAuditLog).values(entry).returning();
    return row!;
  }

  async page(f: { targetId?: string; actorId?: string }, limit: number, offset: number): Promise<{ rows: AuditRow[]; total: number }> {
    const where = and(
      f.targetId
        ? or(eq(moderationAuditLog.targetId, f.targetId), sql`${moderationAuditLog.targetOwnerId}::text = ${f.targetId}`)
        : undefined,
      f.actorId ? eq(moderationAuditLog.actorId, f.actorId) : undefined,
    );
    const [rows, [count]] = await Promise.all([
      this.db
        .select()
        .from(moderationAuditLog)
        .where(where)
        .orderBy(desc(moderationAuditLog.createdAt), desc(moderationAuditLog.id))
        .limit(limit)
        .offset(offset),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(moderationAuditLog)
        .where(where),
    ]);
    return { rows, total: count?.n ?? 0 };
  }

  /** Earlier actions on any of these targets, or on anything these accounts own; newest first. */
  async history(opts: { targetIds: string[]; ownerIds: string[]; limit: number }): Promise<AuditRow[]> {
    const conditions: SQL[] = [];
    for (const id of opts.targetIds) conditions.push(eq(moderationAuditLog.targetId, id));
    for (const id of opts.ownerIds) conditions.push(eq(moderationAuditLog.targetOwnerId, id));
    if (conditions.length === 0) return [];
    return this.db
      .select()
      .from(moderationAuditLog)
      .where(or(...conditions))
      .orderBy(desc(moderationAuditLog.createdAt))
      .limit(opts.limit);
  }

  /** The entry an idempotent action wrote (coin adjustments keep their key in details). */
  async byIdempotencyKey(action: string, key: string): Promise<AuditRow | undefined> {
    const [row] = await this.db
      .select()
      .from(moderationAuditLog)
      .where(and(eq(moderationAuditLog.action, action), sql`${moderationAuditLog.details}->>'idempotencyKey' = ${key}`))
      .limit(1);
    return row;
  }

  async countFor(targetId: string, action: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(moderationAuditLog)
      .where(and(eq(moderationAuditLog.targetId, targetId), eq(moderationAuditLog.action, action)));
    return row?.n ?? 0;
  }
}
