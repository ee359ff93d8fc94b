import { Heart, Lock, Star } from 'lucide-react';
import type { ImageItem } from '@reverie/shared';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { heightRatio } from '../lib/masonry';
import { ImageBlur } from './image-blur';

interface ImageTileProps {
  image: ImageItem;
  onOpen: () => void;
  /** Load at once (the first screenful) instead of when scrolled near. */
  eager?: boolean;
  /** Show whose picture it is (galleries of many people). */
  showOwner?: boolean;
}

/** A thumbnail sized from its known aspect ratio (no layout shift while it loads), opening the lightbox. */
export function ImageTile({ image, onOpen, eager, showOwner }: ImageTileProps) {
  const caption = image.character?.name ?? (showOwner ? `@${image.owner.username}` : null);
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-label={`Open picture${image.character ? ` of ${image.character.name}` : ''}: ${image.prompt}`}
      className="group relative block w-full overflow-hidden rounded-2xl bg-surface-raised ring-1 ring-border transition-shadow hover:ring-border-strong focus-visible:ring-2 focus-visible:ring-primary focus-visible:outline-none"
      style={{ aspectRatio: `1 / ${heightRatio(image)}` }}
    >
      <ImageBlur nsfw={image.nsfw} className="absolute inset-0">
        {image.thumbnailUrl ? (
          <img
            src={image.thumbnailUrl}
            alt=""
            width={image.thumbWidth || undefined}
            height={image.thumbHeight || undefined}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03] motion-reduce:transition-none"
          />
        ) : null}
      </ImageBlur>
      <span className="pointer-events-none absolute inset-x-0 top-0 flex items-start gap-1 p-2">
        <span className="mr-auto rounded-full bg-black/60 px-2 py-0.5 text-[11px] leading-4 font-semibold text-white">AI-generated</span>
        {image.showcase ? (
          <span className="inline-flex items-center rounded-full bg-black/60 p-1 text-warning" title="Picked for the showcase">
            <Star className="size-3.5 fill-current" aria-hidden="true" />
            <span className="sr-only">Picked for the showcase</span>
          </span>
        ) : null}
        {image.isOwner && image.visibility === 'private' ? (
          <span className="inline-flex items-center rounded-full bg-black/60 p-1 text-white" title="Only you can see it">
            <Lock className="size-3.5" aria-hidden="true" />
            <span className="sr-only">Private</span>
          </span>
        ) : null}
      </span>
      {caption || image.likes > 0 ? (
        <span className="pointer-events-none absolute inset-x-0 bottom-0 flex items-end justify-between gap-2 bg-linear-to-t from-black/75 to-transparent px-2.5 pt-8 pb-2 text-left text-xs font-medium text-white">
          <span className="min-w-0 truncate">{caption}</span>
          {image.likes > 0 ? (
            <span className="inline-flex shrink-0 items-center gap-1 tabular-nums">
              <Heart className={cn('size-3.5', image.liked && 'fill-current text-danger')} aria-hidden="true" />
              {image.likes}
              <span className="sr-only">likes</span>
            </span>
          ) : null}
        </span>
      ) : null}
    </button>
  );
}

export function ImageTileSkeleton({ ratio }: { ratio: number }) {
  return <Skeleton className="w-full rounded-2xl" style={{ aspectRatio: `1 / ${ratio}` }} />;
}
