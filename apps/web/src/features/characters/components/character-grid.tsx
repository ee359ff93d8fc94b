import type { ReactNode } from 'react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { CharacterListItem, CharacterPage } from '@reverie/shared';
import { ErrorState } from '@/components/page/error-state';
import { Spinner } from '@/components/ui/spinner';
import { useInView } from '@/lib/use-in-view';
import { cn } from '@/lib/utils';
import { CharacterCard, CharacterCardSkeleton } from './character-card';

export const GRID_CLASS = 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 xl:grid-cols-5';

/** Cards in a responsive portrait grid (2 columns on phones up to 5 on wide screens). */
export function CharacterGrid({ items, className, label }: { items: CharacterListItem[]; className?: string; label?: string }) {
  return (
    <ul className={cn(GRID_CLASS, className)} aria-label={label}>
      {items.map((character, i) => (
        <li key={character.id}>
          <CharacterCard character={character} eager={i < 5} />
        </li>
      ))}
    </ul>
  );
}

export function CharacterGridSkeleton({ count = 10, className }: { count?: number; className?: string }) {
  return (
    <div className={cn(GRID_CLASS, className)} role="status" aria-label="Loading characters">
      {Array.from({ length: count }, (_, i) => (
        <CharacterCardSkeleton key={i} />
      ))}
    </div>
  );
}

interface InfiniteCharacterGridProps {
  query: UseInfiniteQueryResult<InfiniteData<CharacterPage>>;
  /** Shown when the first page came back empty. */
  empty: ReactNode;
  label?: string;
  className?: string;
}

/**
 * A paged list that loads the next page as its end scrolls into view (IntersectionObserver), with skeletons for
 * the first page, a spinner row for the next ones, an error panel with retry, and the empty state.
 */
export function InfiniteCharacterGrid({ query, empty, label, className }: InfiniteCharacterGridProps) {
  const { data, isPending, isError, refetch, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const canLoadMore = Boolean(hasNextPage) && !isFetchingNextPage && !isFetchNextPageError;
  const sentinel = useInView<HTMLDivElement>(() => void fetchNextPage(), { enabled: canLoadMore });

  if (isPending) return <CharacterGridSkeleton className={className} />;
  if (isError && !data) return <ErrorState description="We could not load these characters." onRetry={() => void refetch()} />;

  // Pages can overlap when the catalogue shifts between requests: show each character once.
  const seen = new Set<string>();
  const items = data.pages.flatMap((page) => page.items).filter((c) => (seen.has(c.id) ? false : (seen.add(c.id), true)));
  if (!items.length) return <>{empty}</>;

  return (
    <div className={className}>
      <CharacterGrid items={items} label={label} />
      <div ref={sentinel} className="flex min-h-16 items-center justify-center py-6">
        {isFetchingNextPage ? (
          <Spinner label="Loading more characters..." showLabel />
        ) : isFetchNextPageError ? (
          <button
            type="button"
            onClick={() => void fetchNextPage()}
            className="rounded-xl px-4 py-2 text-sm font-medium text-primary ring-1 ring-primary/40 hover:bg-primary/10"
          >
            Could not load more. Try again
          </button>
        ) : hasNextPage ? (
          <button
            type="button"
            onClick={() => void fetchNextPage()}
            className="rounded-xl px-4 py-2 text-sm font-medium text-fg-muted ring-1 ring-border hover:bg-surface-raised hover:text-fg"
          >
            Load more
          </button>
        ) : items.length > 8 ? (
          <p className="text-sm text-fg-subtle">You&apos;ve seen them all.</p>
        ) : null}
      </div>
    </div>
  );
}
