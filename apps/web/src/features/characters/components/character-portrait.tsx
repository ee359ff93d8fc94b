import { useState } from 'react';
import { initialsOf } from '@/components/ui/avatar';
import { cn } from '@/lib/utils';

interface CharacterPortraitProps {
  name: string;
  src: string | null;
  className?: string;
  /** Above-the-fold portraits load eagerly. */
  eager?: boolean;
  sizes?: string;
}

/** A 2:3 portrait filling its frame; a gradient with initials when there is none or it fails to load. */
export function CharacterPortrait({ name, src, className, eager = false, sizes }: CharacterPortraitProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) {
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
  return (
    <img
      src={src}
      alt={`Portrait of ${name}`}
      width={512}
      height={768}
      sizes={sizes}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={() => setFailedSrc(src)}
      className={cn('size-full object-cover', className)}
    />
  );
}
