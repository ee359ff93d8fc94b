// The coin ledger: the only code that changes users.coins. Every change is one ledger row with a unique
// idempotency key, written in the same transaction as the balance update, so retries never double-count
// and concurrent debits can never take a balance below zero.
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import { Clock } from '../../lib/clock.ts';
import type { LedgerHistoryRow, LedgerRepo } from './ledger.repo.ts';
import { enforceCaps, SPENDING_REASONS } from './spending-limits.ts';

const spending: ReadonlySet<string> = new Set(SPENDING_REASONS);

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

/** 402 with `{ cost, balance }` in the details. */
export class InsufficientCoinsError extends AppError {
  constructor(
    readonly needed: number,
    readonly balance: number,
  ) {
    super(402, 'PAYMENT_REQUIRED', `Not enough coins: this costs ${needed} and your balance is ${balance}.`, {
      details: { cost: needed, balance },
    });
  }
}

export class LedgerService {
  constructor(
    private readonly uow: UnitOfWork<{ ledger: LedgerRepo }>,
    /** Billing's clock: movements are dated by it, so the caps' day and month follow it in tests too. */
    private readonly clock: Clock = new Clock(),
  ) {}

  /** Inside a caller's `uow.run` the movement joins that transaction (and rolls back with it). */
  credit(input: LedgerEntryInput): Promise<LedgerResult> {
    return this.apply(input, input.amount);
  }

  debit(input: LedgerEntryInput): Promise<LedgerResult> {
    return this.apply(input, -input.amount);
  }

  async balance(userId: string): Promise<number> {
    const coins = await this.uow.repos.ledger.balanceOf(userId);
    if (coins === undefined) throw AppError.notFound('User');
    return coins;
  }

  history(userId: string, limit = 50): Promise<LedgerHistoryRow[]> {
    return this.uow.repos.ledger.history(userId, limit);
  }

  private async apply(input: LedgerEntryInput, delta: number): Promise<LedgerResult> {
    if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
      throw AppError.badRequest('Coin amounts must be positive whole numbers');
    }
    return this.uow.run(async ({ ledger }) => {
      const now = this.clock.now();
      // Spending waits for the caps row's lock first, so the sum below sees every earlier debit committed.
      const limits = delta < 0 && spending.has(input.reason) ? await ledger.lockLimits(input.userId) : undefined;
      // Claim the idempotency key first; a conflict means this movement already happened.
      const entryId = await ledger.claim({
        userId: input.userId,
        delta,
        reason: input.reason,
        reference: input.reference,
        idempotencyKey: input.idempotencyKey,
        createdAt: now,
      });
      if (!entryId) {
        const prev = await ledger.findByKey(input.idempotencyKey);
        // One key, one movement: the same key with another amount or purpose is a client bug, not a retry.
        if (prev && (prev.userId !== input.userId || prev.delta !== delta || prev.reason !== input.reason)) {
          throw AppError.conflict('This Idempotency-Key was already used for a different request. Send a new key for a new request.');
        }
        return { balance: prev?.balanceAfter ?? 0, applied: false };
      }
      if (limits) await enforceCaps(ledger, limits, input.amount, now);
      const balance = await ledger.addToBalance(input.userId, delta);
      if (balance === undefined) {
        const current = await ledger.balanceOf(input.userId);
        if (current === undefined) throw AppError.notFound('User');
        throw new InsufficientCoinsError(-delta, current);
      }
      await ledger.setBalanceAfter(entryId, balance);
      return { balance, applied: true };
    });
  }
}
