import type { ReactNode } from 'react';
import { AlertTriangle, RotateCcw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ApiError, getErrorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { formatDate as formatLocaleDate } from '@/lib/format';

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** Grey bars in the shape of a document while it loads. */
export function DocumentSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-live="polite" className="space-y-4">
      <span className="sr-only">{label}</span>
      {[72, 96, 88, 40, 92, 80, 60].map((w, i) => (
        <div
          key={i}
          aria-hidden="true"
          className={cn('h-3.5 animate-pulse rounded-full bg-surface-raised', i === 3 && 'mt-8 h-5')}
          style={{ width: `${w}%` }}
        />
      ))}
    </div>
  );
}

export function ContentError({
  error,
  what,
  onRetry,
  children,
}: {
  error: unknown;
  what: string;
  onRetry: () => void;
  children?: ReactNode;
}) {
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-2xl border border-danger/40 bg-danger/5 p-5 sm:flex-row sm:items-center"
    >
      <AlertTriangle className="size-6 shrink-0 text-danger" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-fg">Couldn&apos;t load {what}</p>
        <p className="mt-0.5 text-sm break-words text-fg-muted">
          {getErrorMessage(error, 'The server did not answer. Check your connection and try again.')}
        </p>
        {children}
      </div>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        <RotateCcw aria-hidden="true" />
        Try again
      </Button>
    </div>
  );
}

/** A calendar day ("2026-03-04") in the reader's locale ("March 4, 2026"); the text itself when it is no date. */
export function formatDate(isoDay: string): string {
  return formatLocaleDate(`${isoDay}T00:00:00Z`, 'longDate', 'UTC') || isoDay;
}
