// The browser's side of Web Push: whether this browser can receive pushes at all, whether it is an iPhone or iPad
// that needs Reverie on the Home Screen first, the permission, and this browser's subscription (the service worker
// in sw/sw.ts shows what arrives). Permission is only ever asked from a click (enablePush).
import { isIos, isStandalone } from '@/lib/pwa';

export type PushSupport = 'supported' | 'unsupported' | 'ios-not-installed';

const nav = (): Navigator | undefined => (typeof navigator === 'undefined' ? undefined : navigator);

export function pushSupport(): PushSupport {
  const hasApis = typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  if (isIos() && !isStandalone()) return 'ios-not-installed';
  return hasApis ? 'supported' : 'unsupported';
}

export function permission(): NotificationPermission {
  return typeof Notification === 'undefined' ? 'default' : Notification.permission;
}

/** "Chrome on Android": how this browser appears in the device list. */
export function deviceLabel(ua = nav()?.userAgent ?? ''): string {
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /SamsungBrowser/.test(ua)
      ? 'Samsung Internet'
      : /Firefox|FxiOS/.test(ua)
        ? 'Firefox'
        : /Chrome|CriOS/.test(ua)
          ? 'Chrome'
          : /Safari/.test(ua)
            ? 'Safari'
            : 'Browser';
  const os = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPod/.test(ua)
      ? 'iPhone'
      : /iPad|Macintosh/.test(ua) && isIos()
        ? 'iPad'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'Mac'
          : /Windows/.test(ua)
            ? 'Windows'
            : /Linux/.test(ua)
              ? 'Linux'
              : '';
  return os ? `${browser} on ${os}` : browser;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4);
  const raw = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  if (pushSupport() !== 'supported') return undefined;
  // No service worker in development builds (lib/pwa.ts): nothing to wait for.
  return (await navigator.serviceWorker.getRegistration()) ? navigator.serviceWorker.ready : undefined;
}

/** This browser's current subscription, if any. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  return (await (await registration())?.pushManager.getSubscription()) ?? null;
}

/**
 * Asks permission (call from a click), then subscribes with the server's key. Answers the subscription as JSON, or
 * the reason there is none: 'denied', 'dismissed', 'no-worker'.
 */
export async function enablePush(publicKey: string): Promise<PushSubscriptionJSON | 'denied' | 'dismissed' | 'no-worker'> {
  const answer = await Notification.requestPermission();
  if (answer === 'denied') return 'denied';
  if (answer !== 'granted') return 'dismissed';
  const reg = await registration();
  if (!reg) return 'no-worker';
  const existing = await reg.pushManager.getSubscription();
  const sub = existing ?? (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  return sub.toJSON();
}

/** Ends this browser's subscription; answers its endpoint (to remove it on the server too). */
export async function disablePush(): Promise<string | undefined> {
  const sub = await currentSubscription();
  if (!sub) return undefined;
  await sub.unsubscribe();
  return sub.endpoint;
}

/** Closes pushes this device still shows for these notifications (none listed: every one), via the service worker. */
export function closeShownPushes(ids: string[]): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.controller?.postMessage({ type: 'CLOSE_PUSHES', ids });
}
