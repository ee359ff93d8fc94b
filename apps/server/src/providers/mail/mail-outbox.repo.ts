import { and, desc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';

export type OutboxRow = typeof mailOutbox.$inferSelect;
export type NewOutboxMessage = Pick<typeof mailOutbox.$inferInsert, 'to' | 'subject' | 'text' | 'html' | 'links' | 'transport'>;

/** `now()` plus `ms`, on the database's clock (every process agrees on it). */
const inMs = (ms: number) => sql`now() + ${Math.round(ms)}::integer * interval '1 millisecond'`;

/** The mail_outbox table: a record of every message, and the queue it is delivered from. */
export class MailOutboxRepo {
  constructor(private readonly db: DbOrTx) {}

  /** Stores a message, due at once. */
  async enqueue(values: NewOutboxMessage): Promise<{ id: string; createdAt: Date }> {
    const [row] = await this.db
      .insert(mailOutbox)
      .values({ ...values, nextAttemptAt: sql`now()` })
      .returning({ id: mailOutbox.id, createdAt: mailOutbox.createdAt });
    return row!;
  }

  /**
   * Takes one due message (this one, or the longest waiting) for a delivery attempt: its next attempt moves
   * `leaseMs` ahead, so other processes leave it alone meanwhile and take it back if this one dies. Undefined when
   * nothing is due (or another process holds it).
   */
  async claimDue(leaseMs: number, id?: string): Promise<OutboxRow | undefined> {
    const due = this.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(and(isNotNull(mailOutbox.nextAttemptAt), lte(mailOutbox.nextAttemptAt, sql`now()`), id ? eq(mailOutbox.id, id) : undefined))
      .orderBy(mailOutbox.nextAttemptAt)
      .limit(1)
      .for('update', { skipLocked: true });
    const [row] = await this.db
      .update(mailOutbox)
      .set({ nextAttemptAt: inMs(leaseMs), attempts: sql`${mailOutbox.attempts} + 1` })
      .where(inArray(mailOutbox.id, due))
      .returning();
    return row;
  }

  async markSent(id: string): Promise<void> {
    await this.db
      .update(mailOutbox)
      .set({ sentAt: sql`now()`, nextAttemptAt: null, error: null })
      .where(eq(mailOutbox.id, id));
  }

  /** A failed attempt: tried again in `retryInMs`, or given up (undefined). */
  async markFailed(id: string, error: string, retryInMs: number | undefined): Promise<void> {
    await this.db
      .update(mailOutbox)
      .set({ error, nextAttemptAt: retryInMs === undefined ? null : inMs(retryInMs) })
      .where(eq(mailOutbox.id, id));
  }

  /** The newest message to an address (tests and support read mail back with it). */
  async latestTo(to: string): Promise<OutboxRow | undefined> {
    const [row] = await this.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.createdAt)).limit(1);
    return row;
  }
}
