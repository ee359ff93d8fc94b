import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * product.md §2: the scroll position resets to the top on every location change; a URL with a fragment
 * (`/settings#account-data`) scrolls to the element with that id instead, once the page has rendered it. The
 * anchor code loads only for such a URL (the first load of `/` stays within its JavaScript budget).
 */
export function ScrollToTop() {
  const location = useLocation();
  useLayoutEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    const id = decodeURIComponent(location.hash.replace(/^#/, ''));
    if (!id) return undefined;
    let stop: (() => void) | undefined;
    let left = false;
    void import('@/lib/scroll-to-anchor').then(({ scrollToAnchor }) => {
      if (!left) stop = scrollToAnchor(id);
    });
    return () => {
      left = true;
      stop?.();
    };
  }, [location.key, location.pathname, location.search, location.hash]);
  return null;
}
