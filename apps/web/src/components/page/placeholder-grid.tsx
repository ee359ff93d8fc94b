import { cn } from '@/lib/utils';

interface PlaceholderGridProps {
  count?: number;
  /** Tailwind aspect class for each tile. */
  aspect?: string;
  className?: string;
}

/** Decorative ghost tiles that hint at the shape of a grid which has no items yet. */
export function PlaceholderGrid({ count = 8, aspect = 'aspect-[3/4]', className }: PlaceholderGridProps) {
  return (
    <div aria-hidden="true" className={cn('grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4', className)}>
      {Array.from({ length: count }, (_, i) => (
        <div
          key={i}
          className={cn('relative overflow-hidden rounded-2xl border border-border bg-linear-to-b from-surface-raised to-surface', aspect)}
          style={{ opacity: 1 - i * (0.7 / count) }}
        >
          <div className="absolute inset-x-3 bottom-3 space-y-2">
            <div className="h-3 w-2/3 rounded-full bg-border" />
            <div className="h-2.5 w-1/2 rounded-full bg-border/70" />
          </div>
        </div>
      ))}
    </div>
  );
}
