import { useCallback, useLayoutEffect, useRef } from 'react';

/** Auto-scroll follows new text unless the reader scrolled up; `follow()` takes it back to the bottom. */
export function useStickToBottom(changes: readonly unknown[]) {
  const scroller = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const onScroll = useCallback(() => {
    const el = scroller.current;
    if (el) stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
  }, []);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller names what moves the bottom
  }, changes);
  const follow = useCallback(() => {
    stick.current = true;
  }, []);
  return { scroller, onScroll, follow };
}
