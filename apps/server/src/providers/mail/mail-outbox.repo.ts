import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';

export type OutboxRow = typeof mailOutbox.$inferSelect;
export type NewOutboxMessage = typeof mailOutbox.$inferInsert;

/** The mail_outbox table: a record of every message, delivered or not. */
export class MailOutboxRepo {
  constructor(private readonly db: DbOrTx) {}

  async insert(values: NewOutboxMessage): Promise<{ id: string; createdAt: Date }> {
    const [row] = await this.db.insert(mailOutbox).values(values).returning({ id: mailOutbox.id, createdAt: mailOutbox.createdAt });
    return row!;
  }

  /** The newest message to an address (tests and support read mail back with it). */
  async latestTo(to: string): Promise<OutboxRow | undefined> {
    const [row] = await this.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.createdAt)).limit(1);
    return row;
  }
}
