// The conversation's messages as the list shows them: the session's newest page, older pages loaded while
// scrolling up (the reader's place kept), and a jump to a search match (the page around it, scrolled to and
// highlighted; scrolling down loads newer pages until they meet the newest ones again).
import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { ChatMessage, ChatSession } from '@reverie/shared';
import { getErrorMessage } from '@/lib/api-client';
import { getMessages } from '../api/get-messages';
import { keepNewerEnd, keepOlderEnd, MAX_SHOWN, useWindow, writeWindow, type MessageWindowState } from '../lib/message-window';

const PAGE = 40;
/** Loading starts this far (px) from the top (older) or, around a match, from the bottom (newer). */
const EDGE = 600;

/** The first of each id, in order; a later copy's content wins (an edit). */
function merge(older: ChatMessage[], newest: ChatMessage[]): ChatMessage[] {
  const latest = new Map(newest.map((m) => [m.id, m]));
  const seen = new Set<string>();
  const out: ChatMessage[] = [];
  for (const m of [...older, ...newest]) {
    if (seen.has(m.id)) continue;
    seen.add(m.id);
    out.push(latest.get(m.id) ?? m);
  }
  return out;
}

/**
 * Scrolls a message to the middle, then again once the messages around it have been laid out (off-screen ones
 * start at an estimated height and take their real one as they come near).
 */
export function centre(el: HTMLElement, node: Element) {
  // Only the list scrolls (never the page: scrollIntoView would move the window too, clipping the header).
  const place = () => {
    const box = node.getBoundingClientRect();
    el.scrollTop += offsetIn(el, node) - Math.max(0, (el.clientHeight - box.height) / 2);
  };
  place();
  requestAnimationFrame(() => requestAnimationFrame(place));
}

/** How far (px) a message's top is below the top of the scrolling list. */
function offsetIn(el: HTMLElement, node: Element): number {
  return node.getBoundingClientRect().top - el.getBoundingClientRect().top;
}

/**
 * Keeps `node` at `top` px below the top of the list for a few frames after older messages went in: the new ones
 * start at an estimated height and take their real one as they come near the screen, and the browser's scroll
 * anchoring does not always make up for that right after a script moved the list. Stops as soon as the reader
 * scrolls (the list moved and the message with it).
 */
function holdPlace(el: HTMLElement, node: Element, top: number, frames = 8) {
  let seen = el.scrollTop;
  const step = () => {
    if (!node.isConnected) return;
    const drift = offsetIn(el, node) - top;
    if (el.scrollTop !== seen && Math.abs(drift) > 1) return;
    if (Math.abs(drift) > 0.5) el.scrollTop += drift;
    seen = el.scrollTop;
    if (--frames > 0) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

/** The first message whose lower part is on screen: the one the reader is looking at. */
function firstVisible(el: HTMLElement): HTMLElement | null {
  const top = el.getBoundingClientRect().top;
  for (const m of el.querySelectorAll<HTMLElement>('[data-message-id]')) {
    if (m.getBoundingClientRect().bottom > top + 1) return m;
  }
  return null;
}

/** What the window needs of a conversation's session (a one-to-one chat's, or a group's). */
export type WindowSession = { conversation: { id: string } } & Pick<ChatSession, 'messages' | 'hasMore' | 'aiNoticeMinutes'>;

type LoadKind = 'older' | 'newer' | 'jump';

/** One load at a time (older, newer, or a jump's page), with its state and its failure. */
function useLoader() {
  const [loading, setLoading] = useState<LoadKind | null>(null);
  const [error, setError] = useState<{ kind: LoadKind; message: string } | null>(null);
  const busy = useRef(false);
  const run = useCallback(async (kind: LoadKind, fn: () => Promise<void>) => {
    if (busy.current) return;
    busy.current = true;
    setLoading(kind);
    setError(null);
    try {
      await fn();
    } catch (e) {
      setError({ kind, message: getErrorMessage(e, 'The messages could not be loaded.') });
    } finally {
      busy.current = false;
      setLoading(null);
    }
  }, []);
  return { loading, error, run, busy };
}

function useKeepLeftMessages(convId: string, newest: ChatMessage[], live: ChatMessage[], hasLoadedOlder: boolean) {
  // A reply moved the session's newest page on: the messages that left it stay shown, as older ones.
  const previous = useRef<ChatMessage[]>(live);
  useLayoutEffect(() => {
    const before = previous.current;
    previous.current = live;
    const first = newest[0];
    if (!first || !hasLoadedOlder) return;
    const k = before.findIndex((m) => m.id === first.id);
    const known = new Set(live.map((m) => m.id));
    const left = k > 0 ? before.slice(0, k).filter((m) => !known.has(m.id)) : [];
    if (left.length) writeWindow(convId, (cur) => ({ ...cur, older: [...cur.older, ...left] }));
  }, [newest]); // eslint-disable-line react-hooks/exhaustive-deps -- only when the session's page changes
}

function usePlacement(
  scroller: RefObject<HTMLDivElement | null>,
  shown: ChatMessage[],
  anchor: RefObject<{ id: string; top: number } | null>,
  scrollTo: RefObject<string | null>,
) {
  // Older messages went in above: the message the reader was looking at stays where it was. It is measured
  // rather than inferred from the list's height, so the loading line giving way to the button, or the browser's
  // own scroll anchoring having moved first, cannot throw it off.
  useLayoutEffect(() => {
    const el = scroller.current;
    const a = anchor.current;
    anchor.current = null;
    const node = el && a ? el.querySelector(`[data-message-id="${a.id}"]`) : null;
    if (el && a && node) {
      el.scrollTop += offsetIn(el, node) - a.top;
      holdPlace(el, node, a.top);
    }
    const target = scrollTo.current;
    if (el && target) {
      const node = el.querySelector(`[data-message-id="${target}"]`);
      if (node) {
        scrollTo.current = null;
        centre(el, node);
      }
    }
  }, [shown, scroller, anchor, scrollTo]);
}

/**
 * A run of messages ending at `hasNewer`: shown on its own, or as the older part of the newest messages once they
 * meet; its oldest end let go beyond MAX_SHOWN (keepNewerEnd).
 */
function settleWindow(convId: string, newest: ChatMessage[], run: ChatMessage[], hasOlder: boolean, newer: boolean) {
  const { items, hasOlder: older } = keepNewerEnd(run, hasOlder);
  const newestIds = new Set(newest.map((m) => m.id));
  if (!newer || items.some((m) => newestIds.has(m.id)) || newest.length === 0) {
    writeWindow(convId, (cur) => ({ ...cur, older: items.filter((m) => !newestIds.has(m.id)), hasOlder: older, jump: null }));
  } else {
    writeWindow(convId, (cur) => ({ ...cur, jump: { items, hasOlder: older, hasNewer: newer } }));
  }
}

/** Where the reader is: the message they see first, and how far below the list's top (usePlacement keeps it there). */
function readerPlace(scroller: RefObject<HTMLDivElement | null>, anchor: RefObject<{ id: string; top: number } | null>) {
  const el = scroller.current;
  const seen = el ? firstVisible(el) : null;
  if (el && seen) anchor.current = { id: seen.dataset.messageId!, top: offsetIn(el, seen) };
}

/**
 * The page before the first message shown, added above it; the message the reader saw stays where it was. Beyond
 * MAX_SHOWN messages the newest end is let go: the newest messages give way to a window, joined to them again as the
 * reader scrolls back down (loadNewer).
 */
function useLoadOlder(o: {
  convId: string;
  shown: ChatMessage[];
  hasOlder: boolean;
  run: ReturnType<typeof useLoader>['run'];
  scroller: RefObject<HTMLDivElement | null>;
  anchor: RefObject<{ id: string; top: number } | null>;
}) {
  const { convId, shown, hasOlder, run, scroller, anchor } = o;
  return useCallback(() => {
    const first = shown[0];
    if (!hasOlder || !first) return;
    void run('older', async () => {
      const page = await getMessages(convId, { before: first.id, limit: PAGE });
      readerPlace(scroller, anchor);
      writeWindow(convId, (cur) => {
        if (cur.jump) return { ...cur, jump: keepOlderEnd([...page.items, ...cur.jump.items], page.hasOlder, cur.jump.hasNewer) };
        if (page.items.length + shown.length <= MAX_SHOWN) return { ...cur, older: [...page.items, ...cur.older], hasOlder: page.hasOlder };
        return { older: [], jump: keepOlderEnd([...page.items, ...shown], page.hasOlder, true) };
      });
    });
  }, [anchor, convId, hasOlder, run, scroller, shown]);
}

/** Messages after a jump's window: joined to the newest ones once they meet them (settleWindow). */
function useLoadNewer(o: {
  convId: string;
  jump: MessageWindowState['jump'];
  newest: ChatMessage[];
  run: ReturnType<typeof useLoader>['run'];
  scroller: RefObject<HTMLDivElement | null>;
  anchor: RefObject<{ id: string; top: number } | null>;
}) {
  const { convId, jump, newest, run, scroller, anchor } = o;
  return useCallback(() => {
    const last = jump?.items.at(-1);
    if (!jump || !last) return;
    void run('newer', async () => {
      const page = await getMessages(convId, { after: last.id, limit: PAGE });
      readerPlace(scroller, anchor); // the oldest end may be let go above the reader
      settleWindow(convId, newest, [...jump.items, ...page.items], jump.hasOlder, page.hasNewer);
    });
  }, [anchor, convId, jump, newest, run, scroller]);
}

/** Back to the newest messages (a jump's window is dropped). */
function useToLatest(convId: string, scroller: RefObject<HTMLDivElement | null>, jumped: boolean) {
  return useCallback(() => {
    if (jumped) writeWindow(convId, (cur) => ({ ...cur, jump: null }));
    const el = scroller.current;
    if (el) requestAnimationFrame(() => (el.scrollTop = el.scrollHeight));
  }, [convId, scroller, jumped]);
}

/** `release`: the list stops following the bottom (a jump to a message). */
export function useMessageWindow(session: WindowSession, scroller: RefObject<HTMLDivElement | null>, release?: () => void) {
  const convId = session.conversation.id;
  const w = useWindow(convId);
  const { loading, error, run, busy } = useLoader();
  const [highlight, setHighlight] = useState<string | null>(null);
  const scrollTo = useRef<string | null>(null);
  const anchor = useRef<{ id: string; top: number } | null>(null);

  const live = w.older.length ? merge(w.older, session.messages) : session.messages;
  const shown = w.jump ? w.jump.items : live;
  const hasOlder = w.jump ? w.jump.hasOlder : w.older.length ? (w.hasOlder ?? false) : session.hasMore;
  const hasNewer = w.jump?.hasNewer ?? false;
  useKeepLeftMessages(convId, session.messages, live, w.older.length > 0);
  usePlacement(scroller, shown, anchor, scrollTo);
  const settle = (items: ChatMessage[], older: boolean, newer: boolean) => settleWindow(convId, session.messages, items, older, newer);

  const loadOlder = useLoadOlder({ convId, shown, hasOlder, run, scroller, anchor });

  const loadNewer = useLoadNewer({ convId, jump: w.jump, newest: session.messages, run, scroller, anchor });

  /** Shows a message (a search match): scrolled to and highlighted, its page loaded around it when it is not on screen. */
  const jumpTo = useCallback(
    (messageId: string) => {
      release?.();
      setHighlight(messageId);
      scrollTo.current = messageId;
      if (shown.some((m) => m.id === messageId)) {
        const el = scroller.current;
        const node = el?.querySelector(`[data-message-id="${messageId}"]`);
        if (el && node) centre(el, node);
        scrollTo.current = null;
        return;
      }
      if (live.some((m) => m.id === messageId)) {
        writeWindow(convId, (cur) => ({ ...cur, jump: null }));
        return;
      }
      void run('jump', async () => {
        const page = await getMessages(convId, { around: messageId, limit: PAGE });
        settle(page.items, page.hasOlder, page.hasNewer);
      });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- settle reads the session at call time
    [convId, live, release, run, scroller, shown],
  );

  const toLatest = useToLatest(convId, scroller, !!w.jump);

  const onScroll = useCallback(() => {
    const el = scroller.current;
    if (!el || busy.current) return;
    if (el.scrollTop < EDGE && hasOlder) loadOlder();
    else if (hasNewer && el.scrollHeight - el.scrollTop - el.clientHeight < EDGE) loadNewer();
  }, [busy, hasNewer, hasOlder, loadNewer, loadOlder, scroller]);

  // atNewest: the newest messages are on screen (not a jump's window).
  return {
    messages: shown,
    hasOlder,
    hasNewer,
    atNewest: !w.jump,
    loading,
    error,
    highlight,
    loadOlder,
    loadNewer,
    jumpTo,
    toLatest,
    onScroll,
  };
}

export type MessageWindow = ReturnType<typeof useMessageWindow>;
