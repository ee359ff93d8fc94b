import { AlertTriangle, RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

interface ErrorPanelProps {
  title: string;
  message: string;
  onRetry?: () => void;
  retrying?: boolean;
  className?: string;
}

/** A section that could not load: what failed, the reason, and a retry. */
export function ErrorPanel({ title, message, onRetry, retrying, className }: ErrorPanelProps) {
  return (
    <div
      role="alert"
      className={cn(
        'flex flex-col items-center gap-3 rounded-2xl border border-danger/30 bg-danger-strong/5 px-6 py-10 text-center',
        className,
      )}
    >
      <span className="inline-flex size-12 items-center justify-center rounded-2xl bg-danger/10 text-danger ring-1 ring-danger/30">
        <AlertTriangle className="size-6" aria-hidden="true" />
      </span>
      <p className="text-base font-semibold text-fg">{title}</p>
      <p className="max-w-md text-sm text-fg-muted">{message}</p>
      {onRetry ? (
        <Button variant="secondary" onClick={onRetry} disabled={retrying}>
          <RotateCw aria-hidden="true" className={retrying ? 'animate-spin' : undefined} />
          {retrying ? 'Retrying...' : 'Try again'}
        </Button>
      ) : null}
    </div>
  );
}
