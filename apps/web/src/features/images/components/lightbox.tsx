import { useRef, type PointerEvent } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ImageItem } from '@reverie/shared';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { ImageBlur } from './image-blur';
import { ImageDetails } from './image-details';

interface LightboxProps {
  images: ImageItem[];
  /** The picture shown; null = closed. */
  index: number | null;
  onIndexChange: (index: number | null) => void;
  onChange?: (image: ImageItem) => void;
  onRemove?: (id: string) => void;
}

const SWIPE_PX = 50;

/** One picture large with its prompt and details; ←/→ keys, the side buttons and swipes move between pictures. */
export function Lightbox({ images, index, onIndexChange, onChange, onRemove }: LightboxProps) {
  const image = index !== null ? images[index] : undefined;
  const go = (delta: number) => {
    if (index === null) return;
    const next = index + delta;
    if (next >= 0 && next < images.length) onIndexChange(next);
  };
  const swipe = useSwipe(go);

  return (
    <Dialog open={image !== undefined} onOpenChange={(open) => !open && onIndexChange(null)}>
      {image ? (
        <DialogContent
          className="grid h-[calc(100dvh-2rem)] w-[calc(100%-1rem)] max-w-6xl grid-rows-[minmax(0,1fr)_minmax(0,auto)] overflow-hidden p-0 md:grid-cols-[minmax(0,1fr)_22rem] md:grid-rows-1"
          onKeyDown={(e) => {
            if (e.key === 'ArrowRight') go(1);
            if (e.key === 'ArrowLeft') go(-1);
          }}
        >
          <DialogTitle className="sr-only">{image.character ? `Picture of ${image.character.name}` : 'Picture'}</DialogTitle>
          <DialogDescription className="sr-only">
            Picture {index! + 1} of {images.length}. Use the arrow keys or swipe to see the others.
          </DialogDescription>
          <LightboxPicture image={image} index={index!} count={images.length} go={go} swipe={swipe} />
          <ImageDetails
            image={image}
            onChange={onChange}
            onRemove={(id) => {
              onRemove?.(id);
              onIndexChange(images.length <= 1 ? null : Math.min(index!, images.length - 2));
            }}
          />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

/** The pointer handlers of a horizontal swipe: a left swipe goes forward (+1), a right one back (-1). */
function useSwipe(go: (delta: number) => void) {
  const start = useRef<{ x: number; y: number } | null>(null);
  const onPointerDown = (e: PointerEvent) => {
    start.current = { x: e.clientX, y: e.clientY };
  };
  const onPointerUp = (e: PointerEvent) => {
    const s = start.current;
    start.current = null;
    if (!s) return;
    const dx = e.clientX - s.x;
    if (Math.abs(dx) > SWIPE_PX && Math.abs(dx) > Math.abs(e.clientY - s.y)) go(dx < 0 ? 1 : -1);
  };
  return { onPointerDown, onPointerUp };
}

/** The picture itself on black, the previous and next buttons beside it, and where it is in the set. */
function LightboxPicture({
  image,
  index,
  count,
  go,
  swipe,
}: {
  image: ImageItem;
  index: number;
  count: number;
  go: (delta: number) => void;
  swipe: ReturnType<typeof useSwipe>;
}) {
  return (
    <div
      className="relative flex min-h-0 touch-pan-y items-center justify-center bg-black select-none"
      onPointerDown={swipe.onPointerDown}
      onPointerUp={swipe.onPointerUp}
      data-testid="lightbox-picture"
    >
      <ImageBlur nsfw={image.nsfw} revealable className="flex size-full items-center justify-center" key={image.id}>
        <img
          src={image.url ?? image.thumbnailUrl ?? undefined}
          alt={image.prompt}
          width={image.width}
          height={image.height}
          draggable={false}
          className="mx-auto h-full max-h-full w-auto max-w-full object-contain"
        />
      </ImageBlur>
      {index > 0 ? (
        <button
          type="button"
          aria-label="Previous picture"
          onClick={() => go(-1)}
          className="absolute top-1/2 left-2 -translate-y-1/2 rounded-full bg-black/60 p-2 text-white ring-1 ring-white/20 hover:bg-black/80 focus-visible:outline-2 focus-visible:outline-ring"
        >
          <ChevronLeft className="size-5" aria-hidden="true" />
        </button>
      ) : null}
      {index < count - 1 ? (
        <button
          type="button"
          aria-label="Next picture"
          onClick={() => go(1)}
          className="absolute top-1/2 right-2 -translate-y-1/2 rounded-full bg-black/60 p-2 text-white ring-1 ring-white/20 hover:bg-black/80 focus-visible:outline-2 focus-visible:outline-ring"
        >
          <ChevronRight className="size-5" aria-hidden="true" />
        </button>
      ) : null}
      <span className="absolute bottom-2 left-1/2 -translate-x-1/2 rounded-full bg-black/60 px-2.5 py-0.5 text-xs text-white tabular-nums">
        {index + 1} / {count}
      </span>
    </div>
  );
}
