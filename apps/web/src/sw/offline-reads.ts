// Which answers the service worker keeps for reading offline: the signed-in user's own chat list and the chats they
// opened (first pages and profiles), nothing else. Shared by the worker and the page (which clears it at sign-out).

export const READS_CACHE = 'reverie-reads';

const READABLE = [
  /^\/api\/auth\/me$/,
  /^\/api\/conversations$/,
  /^\/api\/chat\/[^/]+$/,
  /^\/api\/characters\/[^/]+$/,
  /^\/api\/groups$/,
  /^\/api\/groups\/[^/]+$/,
];
// Live state that would mislead when stale (is the model up, what a reply is doing).
const LIVE = [/^\/api\/chat\/(status|test)$/];

export function isOfflineReadable(pathname: string): boolean {
  return READABLE.some((r) => r.test(pathname)) && !LIVE.some((r) => r.test(pathname));
}
