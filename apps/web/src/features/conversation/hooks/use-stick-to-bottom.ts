import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';

/** How close (px) to the bottom still counts as at the bottom. */
const NEAR = 80;

/**
 * Auto-scroll follows new text unless the reader scrolled up; `follow()` takes it back to the bottom, `release()`
 * lets go of it (a jump to a message). A conversation opens at its newest message and stays there while the list
 * settles: the frame taking its height, portraits loading, markdown and off-screen messages taking their real size
 * (a ResizeObserver on the list and its content). Only the reader scrolling up lets go: the browser moving the list
 * down (scroll anchoring) or clamping it does not.
 */
export function useStickToBottom(changes: readonly unknown[], conversationId?: string) {
  const scroller = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const last = useRef(0);
  // Another conversation (a branch just made or switched to) opens at its newest message too.
  const shownId = useRef(conversationId);
  if (shownId.current !== conversationId) {
    shownId.current = conversationId;
    stick.current = true;
  }
  const toBottom = useCallback(() => {
    const el = scroller.current;
    if (!el || !stick.current) return;
    el.scrollTop = el.scrollHeight;
    last.current = el.scrollTop;
  }, []);
  const onScroll = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    const near = el.scrollHeight - el.scrollTop - el.clientHeight < NEAR;
    if (near) stick.current = true;
    else if (el.scrollTop < last.current - 1) stick.current = false;
    last.current = el.scrollTop;
  }, []);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller names what moves the bottom
  useLayoutEffect(() => toBottom(), [conversationId, ...changes]);
  useEffect(() => {
    const el = scroller.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(toBottom);
    observer.observe(el);
    for (const child of el.children) observer.observe(child);
    // The list's children change (the loading line, the edges): observe the new ones too.
    const added = new MutationObserver((records) => {
      for (const r of records) for (const n of r.addedNodes) if (n instanceof Element) observer.observe(n);
    });
    added.observe(el, { childList: true });
    return () => {
      observer.disconnect();
      added.disconnect();
    };
  }, [toBottom]);
  const follow = useCallback(() => {
    stick.current = true;
  }, []);
  const release = useCallback(() => {
    stick.current = false;
  }, []);
  return { scroller, onScroll, follow, release };
}
