import { useEffect } from 'react';
import type { NotificationStreamEvent } from '@reverie/shared';
import { getErrorStatus } from '@/lib/request-queue';
import { queryClient } from '@/lib/query-client';
import { supportKeys } from '@/lib/query-keys/support';
import { notificationsKeys } from '@/lib/query-keys/notifications';
import { streamNotifications } from '../api/stream-notifications';
import { applyDeleted, applyIncoming, applyRead, setUnreadCount } from '../lib/cache';
import { closeShownPushes } from '../lib/push-browser';

/** Waits before reconnecting: a moment after the server's planned end, longer after failures (at most 30 s). */
export function reconnectDelay(failures: number, random: () => number = Math.random): number {
  if (failures === 0) return 500;
  const base = Math.min(30_000, 1000 * 2 ** (failures - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

export function handleStreamEvent(e: NotificationStreamEvent) {
  if (e.type === 'ready') setUnreadCount(e.unreadCount);
  else if (e.type === 'notification') {
    applyIncoming(e.notification, e.unreadCount);
    // A reply to a ticket: its thread and the ticket list show it without a reload.
    if (e.notification.kind === 'ticket_reply') void queryClient.invalidateQueries({ queryKey: supportKeys.all });
  } else if (e.type === 'read') {
    applyRead(e.ids, e.unreadCount);
    // Read here (or on another device): its push, still shown on this device, goes away too.
    closeShownPushes(e.ids);
  } else {
    applyDeleted(e.id, e.unreadCount);
    closeShownPushes([e.id]);
  }
}

/**
 * Keeps one live stream open while signed in, so notifications arrive without a reload. A refused stream (401:
 * the session ended) stops reconnecting and lets the ordinary client handle the session.
 */
export function useLiveNotifications(userId: string | undefined) {
  useEffect(() => {
    if (!userId) return;
    let stopped = false;
    let failures = 0;
    let abort: AbortController | undefined;
    let timer: number | undefined;
    const connect = async () => {
      abort = new AbortController();
      try {
        await streamNotifications(handleStreamEvent, abort.signal);
        failures = 0;
      } catch (err) {
        if (stopped) return;
        if (getErrorStatus(err) === 401) {
          void queryClient.invalidateQueries({ queryKey: notificationsKeys.unread() });
          return;
        }
        failures += 1;
      }
      if (!stopped) timer = window.setTimeout(() => void connect(), reconnectDelay(failures));
    };
    void connect();
    return () => {
      stopped = true;
      abort?.abort();
      window.clearTimeout(timer);
    };
  }, [userId]);
}
