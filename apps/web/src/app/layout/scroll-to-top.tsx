import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { scrollToAnchor } from '@/lib/scroll-to-anchor';

/**
 * product.md §2: the scroll position resets to the top on every location change; a URL with a fragment
 * (`/settings#account-data`) scrolls to the element with that id instead, once the page has rendered it.
 */
export function ScrollToTop() {
  const location = useLocation();
  useLayoutEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    const id = decodeURIComponent(location.hash.replace(/^#/, ''));
    return id ? scrollToAnchor(id) : undefined;
  }, [location.key, location.pathname, location.search, location.hash]);
  return null;
}
