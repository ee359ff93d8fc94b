// The language model when it cannot answer yet: the first-start download with its progress, loading, or why it
// failed. Nothing at all once it is ready. The rest of the app works meanwhile.
import { AlertTriangle, Download, Loader2 } from 'lucide-react';
import type { ChatStatus } from '@reverie/shared';
import { cn } from '@/lib/utils';

export function ModelStatus({ status }: { status: ChatStatus | undefined }) {
  if (!status || status.ready) return null;
  const downloading = status.state === 'downloading';
  const percent = status.progress === null ? null : Math.max(0, Math.min(100, Math.floor(status.progress)));
  const Icon = downloading ? Download : status.state === 'loading' ? Loader2 : AlertTriangle;
  return (
    <div role="status" className="mx-3 mb-2 flex flex-col gap-2 rounded-xl bg-surface-raised px-4 py-3 text-sm ring-1 ring-border sm:mx-4">
      <p className="flex items-start gap-2.5">
        <Icon
          className={cn(
            'mt-0.5 size-4 shrink-0 text-primary',
            status.state === 'error' && 'text-danger',
            status.state === 'loading' && 'animate-spin',
          )}
          aria-hidden="true"
        />
        {status.state === 'error' ? (
          <span className="min-w-0 font-medium text-fg">{status.message ?? 'The language model is unavailable.'}</span>
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
        )}
      </p>
      {downloading && percent !== null ? (
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
    </div>
  );
}
