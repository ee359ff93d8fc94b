// Notifications: what happened for a user (followers, likes, tickets, payments, moderation…), read in the bell
// panel, pushed live to open tabs and mailed as a daily digest to those who want mail.
import { z } from 'zod';
import { defineStreamEvents } from './events.ts';
import { PageQuery, pageOf } from './characters.ts';

export const NotificationKind = z.enum([
  'follower',
  /** Batched per character while unread: "Aria got 12 new likes". */
  'likes',
  'new_character',
  'ticket_reply',
  'payment',
  'membership',
  'monthly_coins',
  'image_ready',
  /** A moderation decision about the user's content or account. */
  'moderation',
  /** The outcome of a report the user filed. */
  'report_update',
  /** A data export is ready to download (or could not be made). */
  'account_export',
  /** A character wrote first in a conversation where the user allowed it. */
  'character_message',
  /** A reply finished after its page was left (closed, or the user went elsewhere): it is waiting in the chat. */
  'reply_ready',
]);
export type NotificationKind = z.infer<typeof NotificationKind>;

export const Notification = z
  .object({
    id: z.uuid(),
    kind: NotificationKind,
    title: z.string(),
    body: z.string().nullable(),
    /** An app path to the subject (`/characters/…`, `/support/…`), or null. */
    link: z.string().nullable(),
    /** A small picture: the follower's avatar, the character's portrait; null for system notices. */
    imageUrl: z.string().nullable(),
    /** How many events this one stands for (likes are batched). */
    count: z.number().int(),
    read: z.boolean(),
    createdAt: z.string(),
    /** The last event it took in (a batched like moves it). */
    updatedAt: z.string(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof Notification>;

/** `true`/`false` (also `1`/`0`) in a query string. */
export const BoolParam = z
  .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
  .optional()
  .transform((v) => v === 'true' || v === '1');

export const NotificationsQuery = PageQuery.extend({ unreadOnly: BoolParam });
export type NotificationsQuery = z.input<typeof NotificationsQuery>;

export const NotificationsPage = pageOf(Notification).extend({ unreadCount: z.number().int() }).meta({ id: 'NotificationsPage' });
export type NotificationsPage = z.infer<typeof NotificationsPage>;

export const NotificationReadResponse = z.object({ notification: Notification, unreadCount: z.number().int() });
export type NotificationReadResponse = z.infer<typeof NotificationReadResponse>;

export const NotificationsReadAllResponse = z.object({ updated: z.number().int(), unreadCount: z.number().int() });
export const NotificationDeleteResponse = z.object({ success: z.boolean(), unreadCount: z.number().int() });

/**
 * The live stream (`GET /api/notifications/stream` with `Accept: text/event-stream`): `ready {unreadCount}` first, then
 * `notification {notification, unreadCount}`, `read {ids, unreadCount}` (ids empty = all), `deleted {id, unreadCount}`;
 * comments every 15 s. A plain request answers this snapshot instead.
 */
export const NotificationStreamSnapshot = z.object({ unreadCount: z.number().int() });
export type NotificationStreamSnapshot = z.infer<typeof NotificationStreamSnapshot>;

export const NotificationStreamEvents = defineStreamEvents({
  ready: z.object({ unreadCount: z.number().int() }),
  notification: z.object({ notification: Notification, unreadCount: z.number().int() }),
  read: z.object({ ids: z.array(z.uuid()), unreadCount: z.number().int() }),
  deleted: z.object({ id: z.uuid(), unreadCount: z.number().int() }),
});
/** One event as the server handles it: the data with its name as `type` (the server also writes `type` in the data). */
export const NotificationStreamEvent = z.discriminatedUnion('type', [
  NotificationStreamEvents.ready.extend({ type: z.literal('ready') }),
  NotificationStreamEvents.notification.extend({ type: z.literal('notification') }),
  NotificationStreamEvents.read.extend({ type: z.literal('read') }),
  NotificationStreamEvents.deleted.extend({ type: z.literal('deleted') }),
]);
export type NotificationStreamEvent = z.infer<typeof NotificationStreamEvent>;
