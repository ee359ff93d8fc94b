import { useState, type ReactNode } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { NSFW_BLUR, useImageBlur, useShowNsfw } from '@/lib/nsfw';
import { cn } from '@/lib/utils';

interface ImageBlurProps {
  nsfw: boolean;
  children: ReactNode;
  className?: string;
  /** Offer a "Show" button when only the image-blur toggle hides the picture (not inside another button). */
  revealable?: boolean;
}

/**
 * NSFW pictures (product.md §4): blurred (20 px, opacity 0.6) while the NSFW filter is off; with NSFW shown, the separate
 * image-blur toggle (Settings, on by default) still blurs them until the viewer reveals one.
 */
export function ImageBlur({ nsfw, children, className, revealable = false }: ImageBlurProps) {
  const [showNsfw] = useShowNsfw();
  const [imageBlur] = useImageBlur();
  const [revealed, setRevealed] = useState(false);
  const byFilter = nsfw && !showNsfw;
  const byToggle = nsfw && showNsfw && imageBlur && !revealed;
  const hidden = byFilter || byToggle;
  return (
    <div className={cn('relative overflow-hidden', className)} data-nsfw-hidden={hidden || undefined}>
      <div
        aria-hidden={hidden || undefined}
        style={hidden ? { filter: `blur(${NSFW_BLUR.blurPx}px)`, opacity: NSFW_BLUR.opacity } : undefined}
        className="h-full transition-[filter,opacity] duration-300"
      >
        {children}
      </div>
      {hidden ? (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 text-center">
          <span
            role="img"
            aria-label={
              byFilter
                ? 'NSFW picture hidden. Turn on NSFW content in the header to view it.'
                : 'NSFW picture blurred. Image blur is on in Settings.'
            }
            className="inline-flex items-center gap-1.5 rounded-full bg-black/70 px-3 py-1 text-xs font-bold tracking-wide text-white ring-1 ring-white/20"
          >
            <EyeOff className="size-3.5" aria-hidden="true" />
            NSFW
          </span>
          {byToggle && revealable ? (
            <button
              type="button"
              onClick={() => setRevealed(true)}
              className="inline-flex items-center gap-1.5 rounded-full bg-white/90 px-3 py-1 text-xs font-semibold text-black hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              <Eye className="size-3.5" aria-hidden="true" />
              Show picture
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
