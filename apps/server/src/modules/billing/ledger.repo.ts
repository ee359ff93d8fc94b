import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { coinLedger, spendingLimits, users } from '../../db/schema/index.ts';

export type LedgerRow = typeof coinLedger.$inferSelect;
export type SpendingLimitsRow = typeof spendingLimits.$inferSelect;
/** A movement of the history; a refund with the charge it gives back (null for other movements, or a refund of old). */
export type LedgerHistoryRow = LedgerRow & { charge: Pick<LedgerRow, 'id' | 'reason' | 'reference' | 'createdAt'> | null };

/** The coin_ledger table and the users.coins balance it keeps; nothing else writes users.coins. */
export class LedgerRepo {
  constructor(private readonly db: DbOrTx) {}

  /** Inserts the entry unless its idempotency key exists; returns the new id, or undefined on a repeat. */
  async claim(entry: {
    userId: string;
    delta: number;
    reason: string;
    reference?: string;
    idempotencyKey: string;
    createdAt?: Date;
  }): Promise<string | undefined> {
    const [row] = await this.db
      .insert(coinLedger)
      .values({ ...entry, balanceAfter: 0 })
      .onConflictDoNothing({ target: coinLedger.idempotencyKey })
      .returning({ id: coinLedger.id });
    return row?.id;
  }

  async entry(idempotencyKey: string): Promise<LedgerRow | undefined> {
    const [row] = await this.db.select().from(coinLedger).where(eq(coinLedger.idempotencyKey, idempotencyKey));
    return row;
  }

  async findByKey(idempotencyKey: string): Promise<Pick<LedgerRow, 'id' | 'userId' | 'balanceAfter' | 'delta' | 'reason'> | undefined> {
    const [row] = await this.db
      .select({
        id: coinLedger.id,
        userId: coinLedger.userId,
        balanceAfter: coinLedger.balanceAfter,
        delta: coinLedger.delta,
        reason: coinLedger.reason,
      })
      .from(coinLedger)
      .where(eq(coinLedger.idempotencyKey, idempotencyKey));
    return row;
  }

  /**
   * Adds delta to the balance in one statement; a debit only applies while the balance covers it, so concurrent
   * debits can never take it below zero. Returns the new balance, or undefined when nothing was changed.
   */
  async addToBalance(userId: string, delta: number): Promise<number | undefined> {
    const where = delta < 0 ? and(eq(users.id, userId), gte(users.coins, -delta)) : eq(users.id, userId);
    const [row] = await this.db
      .update(users)
      .set({ coins: sql`${users.coins} + ${delta}`, updatedAt: new Date() })
      .where(where)
      .returning({ coins: users.coins });
    return row?.coins;
  }

  async setBalanceAfter(entryId: string, balance: number): Promise<void> {
    await this.db.update(coinLedger).set({ balanceAfter: balance }).where(eq(coinLedger.id, entryId));
  }

  /** The balance, or undefined for an unknown user. */
  async balanceOf(userId: string): Promise<number | undefined> {
    const [row] = await this.db.select({ coins: users.coins }).from(users).where(eq(users.id, userId));
    return row?.coins;
  }

  /** The newest movements; a refund comes with the charge it gives back (its `reference`), so the two can be shown together. */
  async history(userId: string, limit: number): Promise<LedgerHistoryRow[]> {
    const charge = alias(coinLedger, 'charge');
    const rows = await this.db
      .select({
        row: coinLedger,
        charge: { id: charge.id, reason: charge.reason, reference: charge.reference, createdAt: charge.createdAt },
      })
      .from(coinLedger)
      .leftJoin(
        charge,
        and(
          eq(coinLedger.reason, 'allowance_refund'),
          eq(charge.userId, coinLedger.userId),
          sql`${charge.id}::text = ${coinLedger.reference}`,
        ),
      )
      .where(eq(coinLedger.userId, userId))
      .orderBy(desc(coinLedger.createdAt))
      .limit(limit);
    return rows.map((r) => ({ ...r.row, charge: r.charge }));
  }

  /** The user's caps, locked until the transaction ends (FOR UPDATE) so debits against them are counted one at a time. */
  async lockLimits(userId: string): Promise<SpendingLimitsRow | undefined> {
    const [row] = await this.db.select().from(spendingLimits).where(eq(spendingLimits.userId, userId)).for('update');
    return row;
  }

  async limitsOf(userId: string): Promise<SpendingLimitsRow | undefined> {
    const [row] = await this.db.select().from(spendingLimits).where(eq(spendingLimits.userId, userId));
    return row;
  }

  async saveLimits(row: Omit<SpendingLimitsRow, 'updatedAt'>): Promise<SpendingLimitsRow> {
    const { userId: _userId, ...rest } = row;
    const [saved] = await this.db
      .insert(spendingLimits)
      .values({ ...row, updatedAt: new Date() })
      .onConflictDoUpdate({ target: spendingLimits.userId, set: { ...rest, updatedAt: new Date() } })
      .returning();
    return saved!;
  }

  /** Coins taken by movements with these reasons since `since` (debits count up, refunds count down; never below 0). */
  async spentSince(userId: string, since: Date, reasons: readonly string[]): Promise<number> {
    const [row] = await this.db
      .select({ spent: sql<string>`coalesce(-sum(${coinLedger.delta}), 0)` })
      .from(coinLedger)
      .where(and(eq(coinLedger.userId, userId), gte(coinLedger.createdAt, since), inArray(coinLedger.reason, [...reasons])));
    return Math.max(0, Number(row?.spent ?? 0));
  }
}
