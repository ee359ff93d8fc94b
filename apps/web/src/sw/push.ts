// What a push carries (apps/server push-delivery.ts builds it) and what opening it does; used by sw.ts.
/// <reference lib="webworker" />
declare const self: ServiceWorkerGlobalScope;

export interface PushData {
  notificationId: string;
  title: string;
  body: string | null;
  link: string;
  imageUrl: string | null;
  readToken: string;
}

/** The payload as JSON, or undefined when it is not one of ours. */
export function parsePush(data: PushMessageData | null): PushData | undefined {
  try {
    const v = data?.json() as Partial<PushData> | undefined;
    if (!v || typeof v.notificationId !== 'string' || typeof v.title !== 'string' || typeof v.readToken !== 'string') return undefined;
    return {
      notificationId: v.notificationId,
      title: v.title,
      body: v.body ?? null,
      link: v.link ?? '/',
      imageUrl: v.imageUrl ?? null,
      readToken: v.readToken,
    };
  } catch {
    return undefined;
  }
}

/** An app path on this origin; anything else opens the home page. */
export function pushLink(link: string): string {
  return link.startsWith('/') && !link.startsWith('//') ? link : '/';
}

/** POST /api/push/opened: the notification is read, in the bell of every open tab too. */
export async function markOpened(push: PushData): Promise<void> {
  try {
    await fetch('/api/push/opened', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: push.notificationId, token: push.readToken }),
    });
  } catch {
    // Offline: it stays unread in the bell, where it can be read later.
  }
}

/** Focuses a Reverie window and takes it to `path`, or opens one. */
export async function openPage(path: string): Promise<void> {
  const url = new URL(path, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
  if (open) {
    await open.focus();
    await open.navigate(url).catch(() => self.clients.openWindow(url));
    return;
  }
  await self.clients.openWindow(url);
}

/** Closes the shown pushes of these notifications (an empty list: all of ours). */
export async function closePushes(ids: unknown): Promise<void> {
  const wanted = Array.isArray(ids) ? new Set(ids.filter((id): id is string => typeof id === 'string')) : new Set<string>();
  for (const n of await self.registration.getNotifications()) {
    if (wanted.size === 0 ? parsePushData(n.data) : wanted.has(n.tag)) n.close();
  }
}

const parsePushData = (data: unknown): boolean => typeof data === 'object' && data !== null && 'readToken' in data;
