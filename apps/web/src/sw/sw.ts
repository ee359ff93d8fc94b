// The service worker of the installed app (vite-plugin-pwa builds it, injectManifest mode; docs/notifications.md).
// - The app shell and every route chunk are precached, so the app opens without a network.
// - Pages (navigations) are the shell: index.html from the precache when the network is down.
// - Portraits, avatars and gallery thumbnails: a bounded cache (200 files, 14 days), served at once, refreshed behind.
// - Recent reads of chats and the chat list (GET only): network first, the last answer when offline, so a chat already
//   opened can be read. Nothing is ever sent from here: a message, a payment or any other write needs the network.
// - A new build waits until the page asks it to take over ("A new version is ready — Reload"), never half-updates.
// - Pushes (Web Push) are shown, and a click opens their page and marks them read (below; push.ts).
/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { READS_CACHE, isOfflineReadable } from './offline-reads';
import { closePushes, markOpened, openPage, parsePush, pushLink, type PushData } from './push';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Server paths that are never the app shell (the API, files, the payment sandbox's own pages, robots and the docs).
const NOT_THE_SHELL = [/^\/api\//, /^\/media\//, /^\/sandbox\//, /^\/robots\.txt$/, /^\/sw\.js$/];
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: NOT_THE_SHELL }));

registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    request.destination === 'image' &&
    (url.pathname.startsWith('/media/') || /^\/api\/images\/[^/]+\/thumb\.webp$/.test(url.pathname)),
  new StaleWhileRevalidate({
    cacheName: 'reverie-pictures',
    plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 14 * 24 * 3600, purgeOnQuotaError: true })],
  }),
);

registerRoute(
  ({ url, request }) => url.origin === self.location.origin && request.method === 'GET' && isOfflineReadable(url.pathname),
  new NetworkFirst({
    cacheName: READS_CACHE,
    networkTimeoutSeconds: 4,
    plugins: [new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 7 * 24 * 3600, purgeOnQuotaError: true })],
  }),
);

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const type = (event.data as { type?: string } | null)?.type;
  if (type === 'SKIP_WAITING') void self.skipWaiting();
  // Signing out forgets what this account read (the chats it opened) on this device.
  if (type === 'FORGET_READS') event.waitUntil(caches.delete(READS_CACHE));
  // Notifications read in the app: their pushes still on screen go (ids empty: all of them).
  if (type === 'CLOSE_PUSHES') event.waitUntil(closePushes((event.data as { ids?: unknown }).ids));
});

// Web Push (docs/notifications.md#push): the server's notification, decrypted by the browser, shown as it is in the
// bell. Opening it tells the server it is read (the token it carries stands in for a session, which the worker does
// not have) and opens its page in a Reverie window, reusing one that is open.
self.addEventListener('push', (event: PushEvent) => {
  const push = parsePush(event.data);
  if (!push) return;
  event.waitUntil(
    self.registration.showNotification(push.title, {
      body: push.body ?? undefined,
      icon: push.imageUrl ?? '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      tag: push.notificationId,
      data: push,
    }),
  );
});

self.addEventListener('notificationclick', (event: NotificationEvent) => {
  event.notification.close();
  const push = event.notification.data as PushData | undefined;
  if (!push) return;
  event.waitUntil(Promise.all([markOpened(push), openPage(pushLink(push.link))]));
});
