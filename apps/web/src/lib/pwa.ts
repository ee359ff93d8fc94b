// The installed app on the page's side: registering the service worker (production builds only), the "new version"
// offer, the browser's install offer, and forgetting offline reads at sign-out. The worker itself is src/sw/sw.ts.
import { useSyncExternalStore } from 'react';
import { READS_CACHE } from '@/sw/offline-reads';

interface InstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

interface PwaState {
  /** A new build is installed and waiting for the page's word to take over. */
  updateReady: boolean;
  /** The browser's install offer, kept until used (Chromium's beforeinstallprompt). */
  installEvent: InstallPromptEvent | null;
  installed: boolean;
}

let state: PwaState = { updateReady: false, installEvent: null, installed: false };
let activateUpdate: (() => void) | null = null;
const listeners = new Set<() => void>();

function set(patch: Partial<PwaState>): void {
  state = { ...state, ...patch };
  for (const l of listeners) l();
}

export function usePwa(): PwaState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => state,
    () => state,
  );
}

/** Runs in the page as installed on a home screen (or as a standalone window). */
export function isStandalone(): boolean {
  const nav = navigator as Navigator & { standalone?: boolean };
  return window.matchMedia?.('(display-mode: standalone)').matches || nav.standalone === true;
}

/** iPhone and iPad Safari install by Share → Add to Home Screen only (no install event). */
export function isIos(): boolean {
  const ua = navigator.userAgent;
  return /iPhone|iPad|iPod/.test(ua) || (ua.includes('Macintosh') && navigator.maxTouchPoints > 1);
}

/** Listens for the browser's install offer; call once, as early as possible (the event fires once per load). */
export function listenForInstallOffer(): void {
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault();
    set({ installEvent: e as InstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => set({ installEvent: null, installed: true }));
}

/** Shows the browser's own install dialog; true when the user accepted. */
export async function promptInstall(): Promise<boolean> {
  const event = state.installEvent;
  if (!event) return false;
  await event.prompt();
  const { outcome } = await event.userChoice;
  set({ installEvent: null, installed: outcome === 'accepted' });
  return outcome === 'accepted';
}

/** The waiting build takes over; the page reloads once it controls it. */
export function reloadIntoUpdate(): void {
  activateUpdate?.();
}

/** Registers /sw.js after the page has loaded, off the first load's budget (workbox-window is loaded then). */
export function startServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const start = async () => {
    const { Workbox } = await import('workbox-window');
    const wb = new Workbox('/sw.js');
    wb.addEventListener('waiting', () => {
      activateUpdate = () => {
        wb.addEventListener('controlling', () => window.location.reload());
        wb.messageSkipWaiting();
      };
      set({ updateReady: true });
    });
    // A browser that refuses workers here (private modes, policies) simply runs the app without offline use.
    if (!(await wb.register().catch(() => undefined))) return;
    // An app left open for days still hears about new builds.
    setInterval(() => void wb.update(), 60 * 60 * 1000);
  };
  if (document.readyState === 'complete') void start();
  else window.addEventListener('load', () => void start(), { once: true });
}

/** What this account read for offline use goes with it at sign-out. */
export async function forgetOfflineReads(): Promise<void> {
  if (typeof caches !== 'undefined') await caches.delete(READS_CACHE).catch(() => false);
}

/**
 * This browser stops getting pushes at sign-out (another person may use it next). The push service then answers
 * 404/410 to the server's next push, which removes the device from the account.
 */
export async function forgetPushSubscription(): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const reg = await navigator.serviceWorker.getRegistration().catch(() => undefined);
  const sub = await reg?.pushManager?.getSubscription().catch(() => null);
  await sub?.unsubscribe().catch(() => false);
}
