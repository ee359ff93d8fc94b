import { Loader2 } from 'lucide-react';
import { cn } from '@/lib/utils';

interface SpinnerProps {
  className?: string;
  /** Accessible text; also shown beside the spinner when `showLabel` is set. */
  label?: string;
  showLabel?: boolean;
}

export function Spinner({ className, label = 'Loading...', showLabel = false }: SpinnerProps) {
  return (
    <span role="status" aria-live="polite" className="inline-flex items-center gap-3 text-fg-muted">
      <Loader2 aria-hidden="true" className={cn('size-6 animate-spin text-primary', className)} />
      {showLabel ? <span className="text-sm">{label}</span> : <span className="sr-only">{label}</span>}
    </span>
  );
}
