// The cached notification lists, patched in place by mutations and by the live stream, so the bell and the panel
// change without a refetch. An event about a list that is not cached yet is left to the next load.
import type { Notification, NotificationsPage } from '@reverie/shared';
import { queryClient } from '@/lib/query-client';
import { notificationsKeys } from '@/lib/query-keys/notifications';

type Page = NotificationsPage;

function update(unreadOnly: boolean, fn: (page: Page) => Page) {
  queryClient.setQueryData<Page>(notificationsKeys.list(unreadOnly), (page) => (page ? fn(page) : page));
}

/** The unread count the bell shows (the live stream and every list answer carry it). */
export function setUnreadCount(count: number) {
  queryClient.setQueryData<number>(notificationsKeys.unread(), count);
  for (const unreadOnly of [false, true]) update(unreadOnly, (p) => ({ ...p, unreadCount: count }));
}

/** A new notification, or a batched one that took another event (it moves to the top). */
export function applyIncoming(n: Notification, unreadCount: number) {
  for (const unreadOnly of [false, true]) {
    update(unreadOnly, (p) => {
      const had = p.items.some((i) => i.id === n.id);
      const items = [n, ...p.items.filter((i) => i.id !== n.id)];
      return { ...p, items, total: had ? p.total : p.total + 1 };
    });
  }
  setUnreadCount(unreadCount);
}

/** `ids` read (empty: all). */
export function applyRead(ids: string[], unreadCount: number) {
  const hit = (id: string) => ids.length === 0 || ids.includes(id);
  update(false, (p) => ({ ...p, items: p.items.map((i) => (hit(i.id) ? { ...i, read: true } : i)) }));
  update(true, (p) => {
    const items = p.items.filter((i) => !hit(i.id));
    return { ...p, items, total: Math.max(0, p.total - (p.items.length - items.length)) };
  });
  setUnreadCount(unreadCount);
}

export function applyDeleted(id: string, unreadCount: number) {
  for (const unreadOnly of [false, true]) {
    update(unreadOnly, (p) => {
      const items = p.items.filter((i) => i.id !== id);
      return { ...p, items, total: Math.max(0, p.total - (p.items.length - items.length)) };
    });
  }
  setUnreadCount(unreadCount);
}
