// Age checks and the webhook deliveries already seen (replays).
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { ageChecks, ageWebhookDeliveries } from '../../db/schema/index.ts';

export type AgeCheckRow = typeof ageChecks.$inferSelect;
export type NewAgeCheck = typeof ageChecks.$inferInsert;

/** Statuses a provider's decision may still change (a resubmission may end in an approval). */
const OPEN = ['pending', 'unverified'];

export class AgeRepo {
  constructor(private readonly db: DbOrTx) {}

  async insert(row: NewAgeCheck): Promise<AgeCheckRow> {
    const [inserted] = await this.db.insert(ageChecks).values(row).returning();
    return inserted!;
  }

  async find(id: string): Promise<AgeCheckRow | undefined> {
    const [row] = await this.db.select().from(ageChecks).where(eq(ageChecks.id, id));
    return row;
  }

  /** Every check of an account, newest first (admin view, account export). */
  async ofUser(userId: string): Promise<AgeCheckRow[]> {
    return this.db.select().from(ageChecks).where(eq(ageChecks.userId, userId)).orderBy(desc(ageChecks.createdAt), desc(ageChecks.id));
  }

  /** The account's newest check that an admin has not reset, and its newest passed one. */
  async standing(userId: string): Promise<{ latest: AgeCheckRow | undefined; passed: AgeCheckRow | undefined }> {
    const rows = await this.db
      .select()
      .from(ageChecks)
      .where(and(eq(ageChecks.userId, userId), isNull(ageChecks.resetAt)))
      .orderBy(desc(ageChecks.createdAt), desc(ageChecks.id))
      .limit(20);
    return { latest: rows[0], passed: rows.find((r) => r.status === 'passed') };
  }

  /**
   * Records a decision on a check that is still open and not reset; answers the row when it changed. A decided or
   * reset check never changes again, so an old decision delivered again cannot undo a reset or a later outcome.
   */
  async decide(where: { id: string } | { provider: string; providerRef: string }, status: string, at: Date, from: string[] = OPEN) {
    const match =
      'id' in where
        ? eq(ageChecks.id, where.id)
        : and(eq(ageChecks.provider, where.provider), eq(ageChecks.providerRef, where.providerRef));
    const [row] = await this.db
      .update(ageChecks)
      .set({ status, decidedAt: status === 'pending' ? null : at })
      .where(and(match, inArray(ageChecks.status, from), isNull(ageChecks.resetAt)))
      .returning();
    return row;
  }

  /** An admin reset: every check of the account stops counting (kept for the record). */
  async reset(userId: string, at: Date): Promise<number> {
    const rows = await this.db
      .update(ageChecks)
      .set({ resetAt: at })
      .where(and(eq(ageChecks.userId, userId), isNull(ageChecks.resetAt)))
      .returning({ id: ageChecks.id });
    return rows.length;
  }

  /** True the first time a delivery (its body's digest) is seen; false for a replay. */
  async firstDelivery(provider: string, digest: string): Promise<boolean> {
    const rows = await this.db
      .insert(ageWebhookDeliveries)
      .values({ provider, digest })
      .onConflictDoNothing()
      .returning({ digest: ageWebhookDeliveries.digest });
    return rows.length > 0;
  }
}
