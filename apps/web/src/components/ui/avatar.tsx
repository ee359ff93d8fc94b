import { useState } from 'react';
import { cn } from '@/lib/utils';

const AVATAR_SERVICE = 'https://ui-avatars.com/api/';

/** A generated initials avatar from the external avatar service (SPEC §2 shell footer). */
export function generatedAvatarUrl(name: string): string {
  const params = new URLSearchParams({ name, background: '2c1a35', color: 'fb7185', bold: 'true', size: '128' });
  return `${AVATAR_SERVICE}?${params.toString()}`;
}

export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]?.[0], parts[parts.length - 1]?.[0]] : [parts[0]?.[0], parts[0]?.[1]];
  return letters.filter(Boolean).join('').toUpperCase() || '?';
}

const sizes = { sm: 'size-8 text-xs', md: 'size-10 text-sm', lg: 'size-14 text-base' } as const;

interface AvatarProps {
  name: string;
  src?: string | null;
  size?: keyof typeof sizes;
  className?: string;
}

/** Tries the user's image, then the generated avatar, then local initials. */
export function Avatar({ name, src, size = 'md', className }: AvatarProps) {
  const sources = [src, generatedAvatarUrl(name)].filter((s): s is string => Boolean(s));
  // Failures are counted per list of sources, so a new src (a freshly uploaded avatar) is tried afresh.
  const sourcesKey = sources.join('\n');
  const [failure, setFailure] = useState({ sourcesKey, count: 0 });
  const failed = failure.sourcesKey === sourcesKey ? failure.count : 0;
  const current = sources[failed];
  return (
    <span
      className={cn(
        'relative inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-linear-to-br from-primary-strong/40 to-accent-strong/40 font-semibold text-fg ring-1 ring-border-strong',
        sizes[size],
        className,
      )}
    >
      {current ? (
        <img
          key={current}
          src={current}
          alt={name}
          className="size-full object-cover"
          referrerPolicy="no-referrer"
          onError={() => setFailure({ sourcesKey, count: failed + 1 })}
        />
      ) : (
        <span role="img" aria-label={name}>
          {initialsOf(name)}
        </span>
      )}
    </span>
  );
}
