import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export interface PaymentMethodData {
  brand: string;
  last4: string;
  expMonth: number | null;
  expYear: number | null;
}

/**
 * Our mirror of each membership at the payment provider (sandbox or Stripe). Written only by the fulfilment
 * service from the provider's current state, so events arriving twice or out of order converge. An account has at
 * most one live membership (not ended, active or past due): the database refuses a second one.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    plan: text('plan').notNull(),
    billingPeriod: text('billing_period').notNull(),
    status: text('status').notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    scheduledPlan: text('scheduled_plan'),
    scheduledBillingPeriod: text('scheduled_billing_period'),
    paymentMethod: jsonb('payment_method').$type<PaymentMethodData>(),
    /** Monthly coin claims count months from here (the membership's start). */
    anchorAt: timestamp('anchor_at', { withTimezone: true }).notNull(),
    checkoutSessionId: text('checkout_session_id'),
    /** A plan change being made at the provider (one at a time per membership; a lease that a crash lets lapse). */
    changeStartedAt: timestamp('change_started_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('subscriptions_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('subscriptions_one_live_per_user')
      .on(t.userId)
      .where(sql`${t.endedAt} IS NULL AND ${t.status} IN ('active', 'past_due')`),
  ],
);

/** Invoices and receipts (memberships, renewals, prorations, coin packs), mirrored from the provider. */
export const invoices = pgTable(
  'invoices',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    subscriptionId: text('subscription_id'),
    checkoutSessionId: text('checkout_session_id'),
    number: text('number').notNull(),
    status: text('status').notNull(),
    kind: text('kind').notNull(),
    description: text('description').notNull(),
    amountCents: integer('amount_cents').notNull(),
    refundedCents: integer('refunded_cents').notNull().default(0),
    currency: text('currency').notNull(),
    /** Coins this payment bought (coin packs), so a refund can take back its share. */
    coins: integer('coins').notNull().default(0),
    /** The processor's payment (payment intent / charge) id, which refunds and disputes name. */
    paymentRef: text('payment_ref'),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    paymentMethod: jsonb('payment_method').$type<PaymentMethodData>(),
    hostedUrl: text('hosted_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invoices_user_idx').on(t.userId, t.createdAt), index('invoices_payment_ref_idx').on(t.paymentRef)],
);

/** Provider events already processed: an event id is handled once, in the same transaction as its effects. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The provider's customer for a user (Stripe customer id). */
export const billingCustomers = pgTable(
  'billing_customers',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    customerId: text('customer_id').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.provider] })],
);

/** Free uses of a per-period allowance (chat messages a day, images a month), counted atomically. */
export const allowanceCounters = pgTable(
  'allowance_counters',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    periodKey: text('period_key').notNull(),
    used: integer('used').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.periodKey] })],
);

/** One row per consumed allowance use or coin charge, keyed by the caller's idempotency key. */
export const allowanceUses = pgTable('allowance_uses', {
  idempotencyKey: text('idempotency_key').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  periodKey: text('period_key').notNull(),
  /** `free` or `coins`. */
  outcome: text('outcome').notNull(),
  cost: integer('cost').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The sandbox card processor's own state (checkout sessions, subscriptions, invoices, events) as JSON objects,
 * the way Stripe keeps it on its side; the app reads it only through the payments provider.
 */
export const sandboxObjects = pgTable(
  'sandbox_objects',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    /** Events: not yet delivered to the fulfilment service. */
    pending: boolean('pending').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sandbox_objects_type_idx').on(t.type, t.pending)],
);
