import { NotificationKind, type Notification } from '@reverie/shared';
import type { NotificationRow } from './notifications.repo.ts';
import { notificationText } from './notifications.text.ts';

export function toNotification(row: NotificationRow): Notification {
  const kind = NotificationKind.parse(row.kind);
  const { title, body } = notificationText(kind, row.data, row.count);
  return {
    id: row.id,
    kind,
    title,
    body,
    link: row.link,
    imageUrl: row.imageUrl,
    count: row.count,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
