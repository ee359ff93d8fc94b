import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export interface UserPreferences {
  selectedTags: string[];
  completedOnboarding: boolean;
  nsfwEnabled: boolean;
}

export interface UserSettings {
  emailNotifications: boolean;
  showNsfwByDefault: boolean;
  language: string;
}

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    avatarUrl: text('avatar_url'),
    /** Wide profile banner (creator pages). */
    bannerUrl: text('banner_url'),
    bio: text('bio'),
    /** Integer coins; changed only through the coin ledger service. */
    coins: integer('coins').notNull().default(0),
    tier: text('tier').notNull().default('free'),
    /** moderator and admin work the moderation queue; admins come from ADMIN_EMAILS or are named by another admin. */
    role: text('role', { enum: ['user', 'moderator', 'admin'] })
      .notNull()
      .default('user'),
    preferences: jsonb('preferences')
      .$type<UserPreferences>()
      .notNull()
      .default({ selectedTags: [], completedOnboarding: false, nsfwEnabled: false }),
    settings: jsonb('settings')
      .$type<UserSettings>()
      .notNull()
      .default({ emailNotifications: true, showNsfwByDefault: false, language: 'en' }),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    googleSub: text('google_sub'),
    /** Set by a moderator: sign-in refused, sessions revoked, public characters hidden until unsuspended. */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspensionReason: text('suspension_reason'),
    /**
     * The owner asked to delete the account: sign-in is refused and, at this time, the deletion sweep erases it
     * (ACCOUNT_DELETION_DELAY_HOURS after the request). Cleared by the undo link.
     */
    deletionDueAt: timestamp('deletion_due_at', { withTimezone: true }),
    /** What happens to the account's public characters at deletion: deleted, or kept under the anonymised account. */
    deletionPublicCharacters: text('deletion_public_characters', { enum: ['delete', 'anonymise'] }),
    /** Personal data erased; the row stays (anonymised) so the ledger and invoices keep their account. */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_google_sub_idx').on(t.googleSub),
    check('users_coins_non_negative', sql`${t.coins} >= 0`),
    index('users_deletion_due_idx')
      .on(t.deletionDueAt)
      .where(sql`${t.deletionDueAt} is not null`),
  ],
);

export type UserRow = typeof users.$inferSelect;
