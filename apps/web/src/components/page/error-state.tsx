import { AlertTriangle, RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

interface ErrorStateProps {
  title?: string;
  description?: string;
  onRetry?: () => void;
  className?: string;
}

/** A failed load: what happened in plain words, and a retry. */
export function ErrorState({
  title = 'Something went wrong',
  description = 'We could not load this. Check your connection and try again.',
  onRetry,
  className,
}: ErrorStateProps) {
  return (
    <section
      role="alert"
      className={cn(
        'flex flex-col items-center gap-3 rounded-3xl border border-danger/30 bg-danger-strong/5 px-6 py-12 text-center',
        className,
      )}
    >
      <span aria-hidden="true" className="inline-flex size-12 items-center justify-center rounded-2xl bg-danger-strong/15 text-danger">
        <AlertTriangle className="size-6" />
      </span>
      <h2 className="text-lg font-semibold text-fg">{title}</h2>
      <p className="max-w-md text-sm text-fg-muted">{description}</p>
      {onRetry ? (
        <Button variant="secondary" onClick={onRetry} className="mt-1">
          <RotateCw aria-hidden="true" />
          Try again
        </Button>
      ) : null}
    </section>
  );
}
