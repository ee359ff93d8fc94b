import { useEffect, useRef } from 'react';

/**
 * Calls `onEnter` whenever the returned element scrolls within `rootMargin` of the viewport (IntersectionObserver).
 * Nothing happens while `enabled` is false or where IntersectionObserver does not exist.
 */
export function useInView<T extends Element>(onEnter: () => void, { enabled = true, rootMargin = '600px 0px' } = {}) {
  const ref = useRef<T>(null);
  const callback = useRef(onEnter);
  useEffect(() => {
    callback.current = onEnter;
  });
  useEffect(() => {
    const node = ref.current;
    if (!enabled || !node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { rootMargin },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [enabled, rootMargin]);
  return ref;
}
