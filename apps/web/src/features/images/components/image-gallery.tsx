import { useMemo, useState, type ReactNode } from 'react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ImageItem, ImagesPage } from '@reverie/shared';
import { ErrorState } from '@/components/page/error-state';
import { Spinner } from '@/components/ui/spinner';
import { useInView } from '@/lib/use-in-view';
import { heightRatio, masonryColumns, useColumnCount } from '../lib/masonry';
import { ImageTile, ImageTileSkeleton } from './image-tile';
import { Lightbox } from './lightbox';

const SKELETON_RATIOS = [1.5, 1, 1.5, 0.66, 1.5, 1.5, 1, 1.5, 0.66, 1.5];

/** Pictures in masonry columns; a tile opens the lightbox, which can walk through all of them. */
export function MasonryGrid({
  images,
  label,
  showOwner,
  onChange,
  onRemove,
  maxColumns = 5,
}: {
  images: ImageItem[];
  label: string;
  showOwner?: boolean;
  onChange?: (image: ImageItem) => void;
  onRemove?: (id: string) => void;
  /** Fewer columns where the grid is narrower than the page. */
  maxColumns?: number;
}) {
  const columns = Math.min(maxColumns, useColumnCount());
  const [open, setOpen] = useState<number | null>(null);
  const index = new Map(images.map((img, i) => [img.id, i]));
  const cols = masonryColumns(images, columns, heightRatio);
  return (
    <>
      <div className="flex items-start gap-3 sm:gap-4" role="list" aria-label={label}>
        {cols.map((col, c) => (
          <div key={c} className="flex min-w-0 flex-1 flex-col gap-3 sm:gap-4">
            {col.map((image) => (
              <div role="listitem" key={image.id}>
                <ImageTile
                  image={image}
                  showOwner={showOwner}
                  eager={index.get(image.id)! < columns * 2}
                  onOpen={() => setOpen(index.get(image.id)!)}
                />
              </div>
            ))}
          </div>
        ))}
      </div>
      <Lightbox images={images} index={open} onIndexChange={setOpen} onChange={onChange} onRemove={onRemove} />
    </>
  );
}

export function GallerySkeleton() {
  const columns = useColumnCount();
  const cols = masonryColumns(SKELETON_RATIOS, columns, (r) => r);
  return (
    <div className="flex items-start gap-3 sm:gap-4" role="status" aria-label="Loading pictures">
      {cols.map((col, c) => (
        <div key={c} className="flex min-w-0 flex-1 flex-col gap-3 sm:gap-4">
          {col.map((r, i) => (
            <ImageTileSkeleton key={i} ratio={r} />
          ))}
        </div>
      ))}
    </div>
  );
}

interface InfiniteGalleryProps {
  query: UseInfiniteQueryResult<InfiniteData<ImagesPage>>;
  empty: ReactNode;
  label: string;
  showOwner?: boolean;
}

/** A paged gallery: the next page loads as its end scrolls into view; skeletons, error with retry, empty state. */
export function InfiniteGallery({ query, empty, label, showOwner }: InfiniteGalleryProps) {
  const { data, isPending, isError, refetch, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = query;
  const [patched, setPatched] = useState<Record<string, ImageItem>>({});
  const [removed, setRemoved] = useState<Set<string>>(() => new Set());
  const canLoadMore = Boolean(hasNextPage) && !isFetchingNextPage && !isFetchNextPageError;
  const sentinel = useInView<HTMLDivElement>(() => void fetchNextPage(), { enabled: canLoadMore });

  const images = useMemo(() => {
    const seen = new Set<string>();
    return (data?.pages ?? [])
      .flatMap((p) => p.items)
      .filter((i) => !removed.has(i.id) && (seen.has(i.id) ? false : (seen.add(i.id), true)))
      .map((i) => patched[i.id] ?? i);
  }, [data, patched, removed]);

  if (isPending) return <GallerySkeleton />;
  if (isError && !data) return <ErrorState description="We could not load these pictures." onRetry={() => void refetch()} />;
  if (!images.length) return <>{empty}</>;

  return (
    <div>
      <MasonryGrid
        images={images}
        label={label}
        showOwner={showOwner}
        onChange={(img) => setPatched((p) => ({ ...p, [img.id]: img }))}
        onRemove={(id) => setRemoved((r) => new Set(r).add(id))}
      />
      <div ref={sentinel} className="flex min-h-16 items-center justify-center py-6">
        {isFetchingNextPage ? (
          <Spinner label="Loading more pictures..." showLabel />
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
        ) : images.length > 12 ? (
          <p className="text-sm text-fg-subtle">That&apos;s every picture.</p>
        ) : null}
      </div>
    </div>
  );
}
