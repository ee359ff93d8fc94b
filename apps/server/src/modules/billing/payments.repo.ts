import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { combinedWrite, type WritePart } from '../../db/combined-write.ts';
import { reusable, statementName } from '../../db/prepared.ts';
import {
  allowanceCounters,
  allowanceUses,
  billingCustomers,
  invoices,
  paymentEvents,
  subscriptions,
  users,
} from '../../db/schema/index.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type NewSubscriptionRow = typeof subscriptions.$inferInsert;
export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoiceRow = typeof invoices.$inferInsert;
export type AllowanceUseRow = typeof allowanceUses.$inferSelect;

/** Statuses of a live membership (with `ended_at` unset): at most one per account (subscriptions_one_live_per_user). */
export const LIVE_STATUSES = ['active', 'past_due'];
/**
 * The order that puts an account's membership first: its live one (at most one), else the newest. A second one that
 * was cancelled and refunded may be newer than the live one.
 */
export const MEMBERSHIP_ORDER = sql`(ended_at IS NULL AND status IN ('active', 'past_due')) DESC, created_at DESC`;
/** How long a plan change may hold its membership before another may start (a crashed process's change lapses). */
const CHANGE_LEASE = sql`interval '2 minutes'`;

/** Memberships, invoices, processed events, provider customers and allowance counters; and users.tier. */
export class PaymentsRepo {
  constructor(private readonly db: DbOrTx) {}

  async upsertSubscription(row: NewSubscriptionRow): Promise<void> {
    const { id: _id, createdAt: _c, ...set } = row;
    await this.db
      .insert(subscriptions)
      .values(row)
      .onConflictDoUpdate({ target: subscriptions.id, set: { ...set, updatedAt: new Date() } });
  }

  async subscription(id: string): Promise<SubscriptionRow | undefined> {
    const [row] = await this.db.select().from(subscriptions).where(eq(subscriptions.id, id));
    return row;
  }

  async subscriptionByCheckout(checkoutSessionId: string): Promise<SubscriptionRow | undefined> {
    const [row] = await this.db.select().from(subscriptions).where(eq(subscriptions.checkoutSessionId, checkoutSessionId));
    return row;
  }

  /** The user's live membership, else the newest one (ended ones included, so the end date can be shown). */
  async latestSubscriptionOf(userId: string): Promise<SubscriptionRow | undefined> {
    // Prepared once: read on hot paths (every chat message's plan).
    const query = reusable(this.db, 'subscriptions_latest_of', () =>
      this.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.userId, sql.placeholder('userId')))
        .orderBy(MEMBERSHIP_ORDER)
        .limit(1)
        .prepare(statementName('subscriptions_latest_of')),
    );
    const [row] = await query.execute({ userId });
    return row;
  }

  /** Locks the account's row until the transaction ends: its memberships are mirrored one at a time. */
  async lockAccount(userId: string): Promise<void> {
    await this.db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  }

  /** The account's live membership other than `exceptId`, if any. */
  async liveSubscriptionOf(userId: string, exceptId: string): Promise<SubscriptionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.userId, userId),
          isNull(subscriptions.endedAt),
          inArray(subscriptions.status, LIVE_STATUSES),
          ne(subscriptions.id, exceptId),
        ),
      )
      .limit(1);
    return row;
  }

  /** Mirrors an end the clock already decided (cancelled at a period end that has passed) before the provider says so. */
  async endLapsed(id: string): Promise<void> {
    await this.db
      .update(subscriptions)
      .set({ status: 'canceled', endedAt: subscriptions.currentPeriodEnd, updatedAt: new Date() })
      .where(eq(subscriptions.id, id));
  }

  /**
   * Starts a plan change of a membership still on `from`: false when it is no longer on it (a change made at the same
   * moment won) or another change is under way. `endChange` follows.
   */
  async startChange(id: string, from: { plan: string; billingPeriod: string }): Promise<boolean> {
    const rows = await this.db
      .update(subscriptions)
      .set({ changeStartedAt: sql`now()` })
      .where(
        and(
          eq(subscriptions.id, id),
          eq(subscriptions.plan, from.plan),
          eq(subscriptions.billingPeriod, from.billingPeriod),
          isNull(subscriptions.endedAt),
          sql`(${subscriptions.changeStartedAt} IS NULL OR ${subscriptions.changeStartedAt} < now() - ${CHANGE_LEASE})`,
        ),
      )
      .returning({ id: subscriptions.id });
    return rows.length === 1;
  }

  async endChange(id: string): Promise<void> {
    await this.db.update(subscriptions).set({ changeStartedAt: null }).where(eq(subscriptions.id, id));
  }

  async subscriptionsOf(userId: string): Promise<SubscriptionRow[]> {
    return this.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(desc(subscriptions.createdAt));
  }

  async upsertInvoice(row: NewInvoiceRow): Promise<void> {
    const { id: _id, createdAt: _c, refundedCents: _r, ...set } = row;
    // A refund we recorded stays: the provider keeps showing a refunded invoice as paid.
    const status = sql`CASE WHEN ${invoices.refundedCents} > 0 AND ${invoices.refundedCents} >= ${invoices.amountCents} THEN 'refunded' ELSE excluded.status END`;
    await this.db
      .insert(invoices)
      .values(row)
      .onConflictDoUpdate({ target: invoices.id, set: { ...set, status } });
  }

  async invoicesOf(userId: string, limit: number): Promise<InvoiceRow[]> {
    return this.db.select().from(invoices).where(eq(invoices.userId, userId)).orderBy(desc(invoices.createdAt)).limit(limit);
  }

  async invoiceByPaymentRef(paymentRef: string): Promise<InvoiceRow | undefined> {
    const [row] = await this.db.select().from(invoices).where(eq(invoices.paymentRef, paymentRef)).for('update');
    return row;
  }

  async invoiceByCheckout(checkoutSessionId: string): Promise<InvoiceRow | undefined> {
    const [row] = await this.db.select().from(invoices).where(eq(invoices.checkoutSessionId, checkoutSessionId));
    return row;
  }

  async setInvoiceRefund(id: string, refundedCents: number, status: string): Promise<void> {
    await this.db.update(invoices).set({ refundedCents, status }).where(eq(invoices.id, id));
  }

  /** Records an event id; false when it was already processed (then its effects are already committed). */
  async markEventProcessed(id: string, provider: string, type: string): Promise<boolean> {
    const rows = await this.db
      .insert(paymentEvents)
      .values({ id, provider, type })
      .onConflictDoNothing({ target: paymentEvents.id })
      .returning({ id: paymentEvents.id });
    return rows.length === 1;
  }

  async setUserTier(userId: string, tier: string): Promise<void> {
    await this.db.update(users).set({ tier, updatedAt: new Date() }).where(eq(users.id, userId));
  }

  async userTier(userId: string): Promise<string | undefined> {
    const [row] = await this.db.select({ tier: users.tier }).from(users).where(eq(users.id, userId));
    return row?.tier;
  }

  async customerId(userId: string, provider: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ customerId: billingCustomers.customerId })
      .from(billingCustomers)
      .where(and(eq(billingCustomers.userId, userId), eq(billingCustomers.provider, provider)));
    return row?.customerId;
  }

  async userByCustomer(customerId: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ userId: billingCustomers.userId })
      .from(billingCustomers)
      .where(eq(billingCustomers.customerId, customerId));
    return row?.userId;
  }

  async saveCustomer(userId: string, provider: string, customerId: string): Promise<void> {
    await this.db.insert(billingCustomers).values({ userId, provider, customerId }).onConflictDoNothing();
  }

  /**
   * The common case of an allowance use in one statement (one round trip, atomic without a transaction): claims the
   * key and, when fewer than `limit` were used in the period, takes a free use under it; with the balance.
   * `outcome` null: the key existed (nothing taken). 'free' with `used` set: taken. Otherwise ('pending', or 'free'
   * that lost the period's last free use to a message at the same moment, `used` null): claimed, to settle in coins.
   */
  async claimFreeUse(row: FreeUseClaim): Promise<ClaimedUse> {
    const [claimed] = await combinedWrite(this.db, [claimFreeUsePart(row)]);
    return claimed;
  }

  /** Forgets a key this request claimed but could not settle (its coin charge failed): it points at no use. */
  async dropClaim(idempotencyKey: string): Promise<void> {
    await this.db.delete(allowanceUses).where(eq(allowanceUses.idempotencyKey, idempotencyKey));
  }

  async use(idempotencyKey: string): Promise<AllowanceUseRow | undefined> {
    const [row] = await this.db.select().from(allowanceUses).where(eq(allowanceUses.idempotencyKey, idempotencyKey));
    return row;
  }

  async settleUse(idempotencyKey: string, outcome: string, cost: number): Promise<void> {
    await this.db.update(allowanceUses).set({ outcome, cost }).where(eq(allowanceUses.idempotencyKey, idempotencyKey));
  }

  async giveBackFreeUse(userId: string, kind: string, periodKey: string): Promise<void> {
    await this.db
      .update(allowanceCounters)
      .set({ used: sql`greatest(${allowanceCounters.used} - 1, 0)` })
      .where(and(eq(allowanceCounters.userId, userId), eq(allowanceCounters.kind, kind), eq(allowanceCounters.periodKey, periodKey)));
  }

  async usedIn(userId: string, kind: string, periodKey: string): Promise<number> {
    const [row] = await this.db
      .select({ used: allowanceCounters.used })
      .from(allowanceCounters)
      .where(and(eq(allowanceCounters.userId, userId), eq(allowanceCounters.kind, kind), eq(allowanceCounters.periodKey, periodKey)));
    return row?.used ?? 0;
  }
}

export interface FreeUseClaim {
  idempotencyKey: string;
  userId: string;
  kind: string;
  periodKey: string;
  limit: number;
}

export interface ClaimedUse {
  outcome: 'free' | 'pending' | null;
  used: number | null;
  balance: number;
}

/** `claimFreeUse` as one module's part of a combined write (a chat message claims its free use in its own statement). */
export function claimFreeUsePart(row: FreeUseClaim): WritePart<ClaimedUse> {
  const p = (name: string) => sql.placeholder(`claim_${name}`);
  return {
    key: 'claim_free_use',
    build: (db) => {
      const c = allowanceCounters;
      const claim = db.$with('claim', { outcome: sql<string | null>`outcome` }).as(sql`
        insert into ${allowanceUses} (idempotency_key, user_id, kind, period_key, outcome, cost)
        select ${p('key')}::text, ${p('userId')}::uuid, ${p('kind')}::text, ${p('period')}::text,
          case when ${p('limit')}::int > coalesce((select used from ${c}
            where user_id = ${p('userId')}::uuid and kind = ${p('kind')}::text and period_key = ${p('period')}::text), 0)
          then 'free' else 'pending' end, 0
        on conflict (idempotency_key) do nothing
        returning outcome`);
      const take = db.$with('take', { used: sql<number | null>`used` }).as(sql`
        insert into ${c} (user_id, kind, period_key, used)
        select ${p('userId')}::uuid, ${p('kind')}::text, ${p('period')}::text, 1 from claim where claim.outcome = 'free'
        on conflict (user_id, kind, period_key) do update set used = ${c}.used + 1 where ${c}.used < ${p('limit')}::int
        returning used`);
      return {
        ctes: [claim, take],
        fields: {
          claimOutcome: sql`(select outcome from claim)`,
          claimUsed: sql`(select used from take)`,
          claimBalance: sql`(select coins from ${users} where id = ${p('userId')}::uuid)`,
        },
      };
    },
    values: {
      claim_key: row.idempotencyKey,
      claim_userId: row.userId,
      claim_kind: row.kind,
      claim_period: row.periodKey,
      claim_limit: row.limit,
    },
    decode: (r) => ({
      outcome: r.claimOutcome as ClaimedUse['outcome'],
      used: r.claimUsed === null || r.claimUsed === undefined ? null : Number(r.claimUsed),
      balance: r.claimBalance === null || r.claimBalance === undefined ? 0 : Number(r.claimBalance),
    }),
  };
}
