import { useEffect, useState } from 'react';
import { initialsOf } from '@/components/ui/avatar';
import { cn } from '@/lib/utils';

interface CharacterPortraitProps {
  name: string;
  src: string | null;
  className?: string;
  /** Above-the-fold portraits load eagerly, and first. */
  eager?: boolean;
  /** How wide it is shown (the `sizes` attribute). */
  sizes?: string;
  /** Shown small (a card): a portrait from the media folder offers the server's smaller copies beside itself. */
  small?: boolean;
}

/**
 * The server's smaller copies of a media-folder picture (plugins/media-sizes.ts) beside the stored one, which is at
 * least 512 wide (the seed's 512 × 768, an upload's 768 × 1152): the browser takes the original where 384 is too few.
 */
function smallerCopies(url: string): string | undefined {
  if (!url.startsWith('/media/')) return undefined;
  const join = url.includes('?') ? '&' : '?';
  return `${url}${join}w=256 256w, ${url}${join}w=384 384w, ${url} 512w`;
}

/** Retries after 2 s, 4 s and 8 s: on a first start the server renders portraits in the background. */
export const PORTRAIT_RETRY_DELAYS_MS = [2000, 4000, 8000] as const;

/** A 2:3 portrait filling its frame; a gradient with initials while there is none or it fails to load. */
export function CharacterPortrait({ name, src, className, eager = false, sizes, small = false }: CharacterPortraitProps) {
  // Failures are counted per src, so a new portrait is tried afresh.
  const [failure, setFailure] = useState({ src, count: 0, waiting: false });
  const count = failure.src === src ? failure.count : 0;
  const waiting = failure.src === src && failure.waiting;

  useEffect(() => {
    if (!waiting) return;
    const timer = window.setTimeout(() => setFailure((f) => ({ ...f, waiting: false })), PORTRAIT_RETRY_DELAYS_MS[count - 1] ?? 0);
    return () => window.clearTimeout(timer);
  }, [waiting, count]);

  if (!src || waiting || count > PORTRAIT_RETRY_DELAYS_MS.length) {
    return (
      <div
        role="img"
        aria-label={`Portrait of ${name}`}
        className={cn(
          'flex size-full items-center justify-center bg-linear-to-br from-primary-strong/50 via-accent-strong/40 to-surface text-4xl font-black text-white/80',
          className,
        )}
      >
        {initialsOf(name)}
      </div>
    );
  }
  const url = count ? `${src}${src.includes('?') ? '&' : '?'}retry=${count}` : src;
  return (
    <img
      key={url}
      src={url}
      alt={`Portrait of ${name}`}
      width={512}
      height={768}
      srcSet={small ? smallerCopies(url) : undefined}
      sizes={sizes}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      onError={() => setFailure({ src, count: count + 1, waiting: count < PORTRAIT_RETRY_DELAYS_MS.length })}
      className={cn('size-full object-cover object-[50%_25%]', className)}
    />
  );
}
