import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Append-only coin ledger: every change to users.coins is a row here, written in the same transaction. */
export const coinLedger = pgTable(
  'coin_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reason: text('reason').notNull(),
    reference: text('reference'),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('coin_ledger_user_idx').on(t.userId, t.createdAt)],
);

/**
 * A user's own coin caps (null = none) and confirmation threshold. A raise waits out a cool-down: it is stored in
 * `*_next` with the time it applies (`*_next_at`; a null `*_next` then means "no limit"). The ledger locks this row
 * (FOR UPDATE) before a spending debit, so parallel debits are counted one after another.
 */
export const spendingLimits = pgTable('spending_limits', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  dailyCap: integer('daily_cap'),
  dailyNext: integer('daily_next'),
  dailyNextAt: timestamp('daily_next_at', { withTimezone: true }),
  monthlyCap: integer('monthly_cap'),
  monthlyNext: integer('monthly_next'),
  monthlyNextAt: timestamp('monthly_next_at', { withTimezone: true }),
  confirmAbove: integer('confirm_above'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
