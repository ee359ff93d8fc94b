import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Age checks (docs/compliance.md): one row per check started with a provider. What is kept is what the law asks a
 * service to be able to show: who checked, how, when, the outcome and the provider's reference; never documents,
 * images or a date of birth. An admin reset stamps `reset_at` on the account's rows (kept for the record).
 */
export const ageChecks = pgTable(
  'age_checks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sandbox | veriff */
    provider: text('provider').notNull(),
    /** simulated | id_document */
    method: text('method').notNull(),
    /** pending | passed | failed | unverified | abandoned */
    status: text('status').notNull().default('pending'),
    /** The provider's session id (the sandbox: the check's own id). */
    providerRef: text('provider_ref').notNull(),
    /** Where the user was when the check started (GB, US-TX), null when unknown. */
    region: text('region'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    resetAt: timestamp('reset_at', { withTimezone: true }),
  },
  (t) => [index('age_checks_user_idx').on(t.userId, t.createdAt), uniqueIndex('age_checks_provider_ref_idx').on(t.provider, t.providerRef)],
);

/** Each signed webhook delivery, by the SHA-256 of its raw body: a replayed delivery is recognised and changes nothing. */
export const ageWebhookDeliveries = pgTable(
  'age_webhook_deliveries',
  {
    provider: text('provider').notNull(),
    digest: text('digest').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.digest] })],
);
