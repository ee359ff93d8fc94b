import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Opaque refresh tokens, stored as SHA-256 hashes. A family is one sign-in; rotation keeps the family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when rotated (replaced) or revoked; presenting a token with this set is reuse. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('refresh_tokens_user_idx').on(t.userId), index('refresh_tokens_family_idx').on(t.familyId)],
);

/**
 * Single-use, expiring tokens sent by e-mail (verification, password reset, undoing an e-mail change), stored
 * hashed. Each is bound to the address it was sent to.
 */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify_email', 'password_reset', 'email_change_revert', 'account_restore'] }).notNull(),
    /** The address the link was sent to; a verification or reset is refused once the account's address differs. */
    email: text('email').notNull(),
    /** email_change_revert: the username before the change (restored with the address). */
    previousUsername: text('previous_username'),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** Set when a newer link of the same purpose was sent, so the old one can say so. */
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_tokens_user_idx').on(t.userId, t.purpose)],
);

/**
 * Every message the server sends, and the queue it is delivered from: a message is due while `next_attempt_at` is
 * set; a delivery attempt moves it ahead (a lease, so a process that died mid-attempt leaves it to another), success
 * or giving up clears it. In outbox mode delivery is a JSON file under DATA_DIR/outbox.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** The links the message carries (outbox mode logs them and writes them to its file, for a developer to click). */
    links: text('links')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    transport: text('transport', { enum: ['outbox', 'smtp'] }).notNull(),
    /** The last attempt's failure (kept when the message was given up). */
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.nextAttemptAt} is not null`),
  ],
);
