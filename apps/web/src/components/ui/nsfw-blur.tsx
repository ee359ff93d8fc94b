import type { ReactNode } from 'react';
import { EyeOff } from 'lucide-react';
import { NSFW_BLUR, useShowNsfw } from '@/lib/nsfw';
import { cn } from '@/lib/utils';

interface NsfwBlurProps {
  /** Whether the wrapped item is flagged NSFW. */
  nsfw: boolean;
  children: ReactNode;
  className?: string;
  /** Classes for the blurred layer (e.g. `h-full` so an image can fill the frame). */
  contentClassName?: string;
  /** Classes for the layer holding the "NSFW" label (e.g. to lift it above a caption). */
  labelClassName?: string;
}

/** Blurs NSFW content while the NSFW filter is off (product.md §4: 20 px, opacity 0.6). */
export function NsfwBlur({ nsfw, children, className, contentClassName, labelClassName }: NsfwBlurProps) {
  const [showNsfw] = useShowNsfw();
  const hidden = nsfw && !showNsfw;
  return (
    <div className={cn('relative overflow-hidden', className)} data-nsfw-hidden={hidden || undefined}>
      <div
        aria-hidden={hidden || undefined}
        style={hidden ? { filter: `blur(${NSFW_BLUR.blurPx}px)`, opacity: NSFW_BLUR.opacity } : undefined}
        className={cn('transition-[filter,opacity] duration-300', contentClassName)}
      >
        {children}
      </div>
      {hidden ? (
        <div
          className={cn(
            'pointer-events-none absolute inset-0 flex flex-col items-center justify-center gap-1.5 text-center',
            labelClassName,
          )}
        >
          <span
            role="img"
            aria-label="NSFW content hidden. Turn on NSFW content in the header to view it."
            className="inline-flex items-center gap-1.5 rounded-full bg-black/70 px-3 py-1 text-xs font-bold tracking-wide text-white ring-1 ring-white/20"
          >
            <EyeOff className="size-3.5" aria-hidden="true" />
            NSFW
          </span>
        </div>
      ) : null}
    </div>
  );
}
