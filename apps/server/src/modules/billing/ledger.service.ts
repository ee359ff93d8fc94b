// The coin ledger: the only code that changes users.coins. Every change is one ledger row with a unique
// idempotency key, written in the same transaction as the balance update, so retries never double-count
// and concurrent debits can never take a balance below zero.
import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { coinLedger, users } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';

export interface LedgerEntryInput {
  userId: string;
  /** Positive whole number of coins. */
  amount: number;
  reason: string;
  reference?: string;
  /** Same key twice = the same movement; the second call returns the first result. */
  idempotencyKey: string;
}

export interface LedgerResult {
  balance: number;
  /** false when the idempotency key had already been applied. */
  applied: boolean;
}

export class InsufficientCoinsError extends AppError {
  constructor(
    readonly needed: number,
    readonly balance: number,
  ) {
    super(402, 'PAYMENT_REQUIRED', `Not enough coins: this costs ${needed} and your balance is ${balance}.`);
  }
}

export class LedgerService {
  constructor(private readonly db: Db) {}

  credit(input: LedgerEntryInput, tx?: DbOrTx) {
    return this.apply(input, input.amount, tx);
  }

  debit(input: LedgerEntryInput, tx?: DbOrTx) {
    return this.apply(input, -input.amount, tx);
  }

  async balance(userId: string): Promise<number> {
    const [row] = await this.db.select({ coins: users.coins }).from(users).where(eq(users.id, userId));
    if (!row) throw AppError.notFound('User');
    return row.coins;
  }

  async history(userId: string, limit = 50) {
    return this.db
      .select()
      .from(coinLedger)
      .where(eq(coinLedger.userId, userId))
      .orderBy(sql`${coinLedger.createdAt} desc`)
      .limit(limit);
  }

  private async apply(input: LedgerEntryInput, delta: number, outer?: DbOrTx): Promise<LedgerResult> {
    if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
      throw AppError.badRequest('Coin amounts must be positive whole numbers');
    }
    const run = async (tx: DbOrTx): Promise<LedgerResult> => {
      // Claim the idempotency key first; a conflict means this movement already happened.
      const claimed = await tx
        .insert(coinLedger)
        .values({
          userId: input.userId,
          delta,
          balanceAfter: 0,
          reason: input.reason,
          reference: input.reference,
          idempotencyKey: input.idempotencyKey,
        })
        .onConflictDoNothing({ target: coinLedger.idempotencyKey })
        .returning({ id: coinLedger.id });
      const entry = claimed[0];
      if (!entry) {
        const [prev] = await tx
          .select({ userId: coinLedger.userId, balanceAfter: coinLedger.balanceAfter })
          .from(coinLedger)
          .where(eq(coinLedger.idempotencyKey, input.idempotencyKey));
        if (prev && prev.userId !== input.userId) throw AppError.conflict('Idempotency key already used');
        return { balance: prev?.balanceAfter ?? 0, applied: false };
      }
      const where = delta < 0 ? and(eq(users.id, input.userId), gte(users.coins, -delta)) : eq(users.id, input.userId);
      const updated = await tx
        .update(users)
        .set({ coins: sql`${users.coins} + ${delta}`, updatedAt: new Date() })
        .where(where)
        .returning({ coins: users.coins });
      const row = updated[0];
      if (!row) {
        const [u] = await tx.select({ coins: users.coins }).from(users).where(eq(users.id, input.userId));
        if (!u) throw AppError.notFound('User');
        throw new InsufficientCoinsError(-delta, u.coins);
      }
      await tx.update(coinLedger).set({ balanceAfter: row.coins }).where(eq(coinLedger.id, entry.id));
      return { balance: row.coins, applied: true };
    };
    // Inside a caller's transaction the error rolls the caller back; standalone it rolls back our own.
    return outer ? run(outer) : this.db.transaction((tx) => run(tx));
  }
}
