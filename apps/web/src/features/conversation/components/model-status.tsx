// The language model when it cannot answer yet: the first-start download with its progress, loading, a download
// attempt that failed and is being retried, or why it failed (with Retry). Nothing at all once it is ready. The rest
// of the app works meanwhile.
import { AlertTriangle, Download, Loader2, RefreshCw } from 'lucide-react';
import type { ChatStatus } from '@reverie/shared';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { useRetryModel } from '../api/retry-model';

/** Why the composer does not send while the model is not ready (null when it can send). */
export function sendBlockedReason(status: ChatStatus | undefined): string | null {
  if (!status || status.ready) return null;
  if (status.state === 'downloading') return 'Sending starts once the model has downloaded.';
  if (status.state === 'loading') return 'Sending starts once the model has loaded.';
  return 'Sending is off: the language model is not available.';
}

/**
 * `details={false}` (the public /test page) leaves out the reason's text, which names the model host or server
 * address, as /test shows no addresses; the chat page shows it.
 */
export function ModelStatus({
  status,
  className,
  details = true,
}: {
  status: ChatStatus | undefined;
  className?: string;
  details?: boolean;
}) {
  if (!status || status.ready) return null;
  const downloading = status.state === 'downloading';
  const failed = status.state === 'error';
  const trouble = failed || Boolean(status.problem);
  const percent = status.progress === null ? null : Math.max(0, Math.min(100, Math.floor(status.progress)));
  const Icon = trouble ? AlertTriangle : downloading ? Download : Loader2;
  return (
    <div
      role="status"
      className={cn(
        'mx-3 mb-2 flex flex-col gap-2 rounded-xl px-4 py-3 text-sm ring-1 sm:mx-4',
        trouble ? 'bg-danger/10 ring-danger/30' : 'bg-surface-raised ring-border',
        className,
      )}
    >
      <p className="flex items-start gap-2.5">
        <Icon
          className={cn(
            'mt-0.5 size-4 shrink-0 text-primary',
            trouble && 'text-danger',
            !trouble && status.state === 'loading' && 'animate-spin',
          )}
          aria-hidden="true"
        />
        <StatusText status={status} percent={percent} details={details} />
      </p>
      {downloading && percent !== null && !status.problem ? (
        <div
          role="progressbar"
          aria-label="Model download"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-1.5 overflow-hidden rounded-full bg-bg"
        >
          <div className="h-full rounded-full bg-primary transition-[width] duration-500" style={{ width: `${percent}%` }} />
        </div>
      ) : null}
      {status.canRetry ? <RetryButton /> : null}
    </div>
  );
}

/** What the model is doing, and why it cannot answer yet. */
function StatusText({ status, percent, details }: { status: ChatStatus; percent: number | null; details: boolean }) {
  const downloading = status.state === 'downloading';
  const failed = status.state === 'error';
  return failed ? (
    <span className="min-w-0 text-fg">
      <span className="block font-medium">The language model is not available.</span>
      <span className="mt-0.5 block break-words text-fg-muted">
        {details ? (status.problem ?? status.message ?? 'It failed to start.') : 'Open a chat to see why.'}
      </span>
    </span>
  ) : status.problem ? (
    <span className="min-w-0 text-fg">
      <span className="block font-medium">The model download is not getting through.</span>
      <span className="mt-0.5 block break-words text-fg-muted">
        {details ? status.problem : 'It is tried again by itself. Open a chat to see why.'}
      </span>
    </span>
  ) : (
    <span className="min-w-0 text-fg-muted">
      <span className="font-medium text-fg">
        {downloading
          ? percent === null
            ? 'The language model is downloading.'
            : `The language model is downloading: ${percent} %`
          : 'The language model is loading.'}
      </span>{' '}
      {downloading
        ? 'This happens once, on the first start. You can send messages as soon as it is ready.'
        : 'Replies can start in a moment.'}
    </span>
  );
}

/** Starts the model again after a failed download or load; says why when the retry itself fails. */
function RetryButton() {
  const retry = useRetryModel();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button size="sm" variant="secondary" onClick={() => retry.mutate()} disabled={retry.isPending}>
        <RefreshCw className={cn(retry.isPending && 'animate-spin')} aria-hidden="true" />
        {retry.isPending ? 'Retrying…' : 'Retry'}
      </Button>
      {retry.isError ? (
        <span role="alert" className="text-fg-muted">
          {getErrorMessage(retry.error, 'The retry did not go through.')}
        </span>
      ) : null}
    </div>
  );
}
