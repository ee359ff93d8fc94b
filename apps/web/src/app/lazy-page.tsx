import { lazy, Suspense, useState, type ComponentType } from 'react';
import { useLocation } from 'react-router';
import { PageLoading } from './page-loading';
import { RouteErrorBoundary } from './route-error-boundary';

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

/**
 * A page loaded on demand (product.md §2): a spinner while it loads, and an error panel with a retry when the
 * import fails. Retrying creates a fresh lazy component, because React caches a rejected import.
 */
export function lazyPage<P extends object = object>(load: Loader<P>): ComponentType<P> {
  function LazyPage(props: P) {
    const [Page, setPage] = useState(() => lazy(load));
    // A new location starts with a clean error state.
    const { pathname } = useLocation();
    return (
      <RouteErrorBoundary key={pathname} onRetry={() => setPage(() => lazy(load))}>
        <Suspense fallback={<PageLoading />}>
          <Page {...props} />
        </Suspense>
      </RouteErrorBoundary>
    );
  }
  return LazyPage;
}
