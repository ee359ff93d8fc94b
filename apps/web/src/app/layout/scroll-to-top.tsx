import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

/** product.md §2: the scroll position resets to the top on every location change. */
export function ScrollToTop() {
  const location = useLocation();
  useLayoutEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [location.key, location.pathname, location.search]);
  return null;
}
