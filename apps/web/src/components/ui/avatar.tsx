import { useState } from 'react';
import { API_BASE } from '@/lib/api-client';
import { cn } from '@/lib/utils';

/**
 * A generated initials avatar (product.md §2 shell footer). Our server fetches it from the external avatar service and
 * caches it, or draws the initials itself when the service is unreachable, so the browser never sends a username
 * to a third party.
 */
export function generatedAvatarUrl(name: string): string {
  const params = new URLSearchParams({ name: name.trim().slice(0, 60) || '?' });
  return `${API_BASE}/api/avatars/initials?${params.toString()}`;
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
