import { IdParam } from '../schemas/common.ts';
import {
  NotificationDeleteResponse,
  NotificationReadResponse,
  NotificationsPage,
  NotificationsQuery,
  NotificationsReadAllResponse,
  NotificationStreamEvents,
  NotificationStreamSnapshot,
} from '../schemas/notifications.ts';
import { defineEndpoint } from './endpoint.ts';

const tags = ['notifications'] as const;

export const notificationsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/notifications',
    query: NotificationsQuery,
    response: NotificationsPage,
    auth: 'required',
    summary: "The caller's notifications, newest first (unreadOnly=true for unread ones), with the unread count",
    tags,
  }),
  stream: defineEndpoint({
    method: 'GET',
    path: '/api/notifications/stream',
    response: NotificationStreamSnapshot,
    events: NotificationStreamEvents,
    auth: 'required',
    summary: 'Live notifications as server-sent events (Accept: text/event-stream); a plain request answers the unread count',
    description:
      'Events: ready {unreadCount}, notification {notification, unreadCount}, read {ids, unreadCount} (ids empty = all), ' +
      'deleted {id, unreadCount}. A comment every 15 s; the server ends the stream after 10 minutes (reconnect with a fresh token) ' +
      'and at once when the session ends.',
    tags,
  }),
  markRead: defineEndpoint({
    method: 'PUT',
    path: '/api/notifications/:id/read',
    params: IdParam,
    response: NotificationReadResponse,
    auth: 'required',
    summary: 'Mark one notification read (another user’s id answers 404)',
    tags,
  }),
  markAllRead: defineEndpoint({
    method: 'PUT',
    path: '/api/notifications/read-all',
    response: NotificationsReadAllResponse,
    auth: 'required',
    summary: 'Mark every notification of the caller read',
    tags,
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/api/notifications/:id',
    params: IdParam,
    response: NotificationDeleteResponse,
    auth: 'required',
    summary: 'Delete one notification (another user’s id answers 404)',
    tags,
  }),
};
