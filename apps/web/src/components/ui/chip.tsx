import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

type ChipProps = ComponentProps<'button'> & { selected?: boolean };

/** A rounded filter chip; `selected` is announced with aria-pressed. */
export function Chip({ selected = false, className, ...props }: ChipProps) {
  return (
    <button
      type="button"
      aria-pressed={selected}
      className={cn(
        'inline-flex h-11 shrink-0 items-center gap-1.5 rounded-full sm:h-9 px-3.5 text-sm font-medium whitespace-nowrap ring-1 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        selected
          ? 'bg-linear-to-r from-primary-strong to-accent-strong text-white ring-transparent shadow-glow'
          : 'bg-surface text-fg-muted ring-border hover:bg-surface-raised hover:text-fg',
        className,
      )}
      {...props}
    />
  );
}
