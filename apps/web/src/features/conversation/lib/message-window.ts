// The messages of a conversation beyond the newest page the session holds: older pages loaded while scrolling up,
// and a window around a search match (`jump`) until scrolling down joins it to the newest messages again. Kept per
// conversation outside the query cache, because the session is rewritten after every reply (its newest page only).
import { useSyncExternalStore } from 'react';
import type { ChatMessage } from '@reverie/shared';

export interface MessageWindowState {
  /** Loaded messages older than the session's, oldest first, contiguous with them. */
  older: ChatMessage[];
  /** Whether there are older messages than `older` (undefined: the session's `hasMore` says). */
  hasOlder?: boolean;
  /** A run of messages around a search match, shown instead of the newest ones until joined to them. */
  jump: { items: ChatMessage[]; hasOlder: boolean; hasNewer: boolean } | null;
}

/**
 * Messages the list holds at most (five pages of 40): reading far back, the pages furthest from the reader are let
 * go and loaded again when scrolled back to, so that reading through a long chat keeps the page's memory bounded.
 */
export const MAX_SHOWN = 200;

/** A run of messages after older ones went in above: beyond MAX_SHOWN its newest end is let go (loaded again below). */
export function keepOlderEnd(items: ChatMessage[], hasOlder: boolean, hasNewer: boolean) {
  if (items.length <= MAX_SHOWN) return { items, hasOlder, hasNewer };
  return { items: items.slice(0, MAX_SHOWN), hasOlder, hasNewer: true };
}

/** A run of messages after newer ones went in below: beyond MAX_SHOWN its oldest end is let go (loaded again above). */
export function keepNewerEnd(items: ChatMessage[], hasOlder: boolean) {
  if (items.length <= MAX_SHOWN) return { items, hasOlder };
  return { items: items.slice(items.length - MAX_SHOWN), hasOlder: true };
}

const EMPTY: MessageWindowState = { older: [], jump: null };
const windows = new Map<string, MessageWindowState>();
const listeners = new Set<() => void>();

export function readWindow(conversationId: string): MessageWindowState {
  return windows.get(conversationId) ?? EMPTY;
}

export function writeWindow(conversationId: string, fn: (w: MessageWindowState) => MessageWindowState) {
  windows.set(conversationId, fn(readWindow(conversationId)));
  for (const l of listeners) l();
}

export function useWindow(conversationId: string): MessageWindowState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => readWindow(conversationId),
  );
}

/**
 * An edit or a deletion of messages (`fn` as the session cache applies it) reaches the loaded pages too: a message
 * there is replaced or removed; `fn` never adds one to them.
 */
export function patchWindow(conversationId: string, fn: (messages: ChatMessage[]) => ChatMessage[]) {
  const w = windows.get(conversationId);
  if (!w) return;
  const within = (list: ChatMessage[]) => {
    const ids = new Set(list.map((m) => m.id));
    return fn(list).filter((m) => ids.has(m.id));
  };
  writeWindow(conversationId, (cur) => ({
    ...cur,
    older: within(cur.older),
    jump: cur.jump && { ...cur.jump, items: within(cur.jump.items) },
  }));
}
