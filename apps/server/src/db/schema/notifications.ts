import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** What the wire text is built from (names are copied at the time of the event). */
export type NotificationData = Record<string, string | number | boolean | null>;

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    data: jsonb('data').$type<NotificationData>().notNull().default({}),
    /** Events folded into this row while it is unread (likes on one character). */
    count: integer('count').notNull().default(1),
    /** Unread rows with the same key take further events instead of a new row. */
    groupKey: text('group_key'),
    /** At most one row per key and user, ever (monthly coins of one membership month). */
    dedupeKey: text('dedupe_key'),
    link: text('link'),
    imageUrl: text('image_url'),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** Deleted by the user: hidden at once, removed with the retention sweep (keeps dedupe keys meanwhile). */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Included in a digest mail. */
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_updated_idx')
      .on(t.userId, t.updatedAt.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null and ${t.deletedAt} is null`),
    uniqueIndex('notifications_group_unread_idx')
      .on(t.userId, t.groupKey)
      .where(sql`${t.readAt} is null and ${t.deletedAt} is null and ${t.groupKey} is not null`),
    uniqueIndex('notifications_dedupe_idx').on(t.userId, t.dedupeKey),
    index('notifications_digest_idx')
      .on(t.userId)
      .where(sql`${t.emailedAt} is null and ${t.readAt} is null and ${t.deletedAt} is null`),
  ],
);
export type NotificationRow = typeof notifications.$inferSelect;

/** When each user last got a digest mail; claimed with a conditional upsert so two processes never both send. */
export const notificationDigests = pgTable('notification_digests', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
});

/** A browser that receives Web Push for its user (docs/notifications.md#push); removed when the push service says 404/410. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The push service's URL for this browser; one row per endpoint, whoever registered it last. */
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key and auth secret (base64url), which encrypt every payload (RFC 8291). */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    label: text('label').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastPushAt: timestamp('last_push_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId, t.createdAt)],
);
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** What may push (topics switched off are listed) and quiet hours; no row = everything on, no quiet hours. */
export const pushPreferences = pgTable('push_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  topicsOff: jsonb('topics_off').$type<string[]>().notNull().default([]),
  quietStart: text('quiet_start'),
  quietEnd: text('quiet_end'),
  timeZone: text('time_zone'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type PushPreferencesRow = typeof pushPreferences.$inferSelect;
