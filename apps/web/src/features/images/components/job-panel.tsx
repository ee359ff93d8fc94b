import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, Ban, CheckCircle2, Clock, Loader2, X, Zap } from 'lucide-react';
import type { ImageItem, ImageJob, ImageJobResponse } from '@reverie/shared';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useCancelImageJob } from '../api/cancel-job';
import { isOpenJob, useImageJob } from '../api/get-job';
import { imagesKeys } from '@/lib/query-keys/images';
import { ImageBlur } from './image-blur';
import { ImageTile } from './image-tile';
import { Lightbox } from './lightbox';

/** One request's journey: place in line, progress and preview, then the pictures (or why there are none). */
export function JobPanel({ initial }: { initial: ImageJobResponse }) {
  const query = useImageJob(initial.job.id, initial);
  const cancel = useCancelImageJob();
  const [open, setOpen] = useState<number | null>(null);
  const [patched, setPatched] = useState<Record<string, ImageItem>>({});
  const [removed, setRemoved] = useState<Set<string>>(() => new Set());
  const data = query.data ?? initial;
  const { job } = data;
  const ready = data.images.filter((i) => i.status === 'ready' && !removed.has(i.id)).map((i) => patched[i.id] ?? i);
  const open_ = isOpenJob(data);
  useRefreshWhenJobEnds(open_);

  return (
    <section className="rounded-2xl border border-border bg-surface p-4 sm:p-5" aria-label="Your request" data-testid="image-job">
      <header className="mb-3 flex flex-wrap items-center gap-2">
        <p className="min-w-0 flex-1 truncate text-sm font-medium text-fg" title={data.images[0]?.prompt}>
          {data.images[0]?.prompt ?? 'Your pictures'}
        </p>
        {job.queue === 'fast' ? (
          <Badge variant="accent">
            <Zap aria-hidden="true" /> Fast queue
          </Badge>
        ) : null}
        {open_ ? (
          <Button
            size="sm"
            variant="ghost"
            disabled={cancel.isPending}
            onClick={() =>
              cancel.mutate(job.id, {
                onError: (e) =>
                  toast({ title: 'Not cancelled', description: getErrorMessage(e, 'It may have just finished.'), variant: 'destructive' }),
              })
            }
          >
            <X aria-hidden="true" /> Cancel
          </Button>
        ) : null}
      </header>
      <div role="status" aria-live="polite" className="text-sm text-fg-muted">
        <JobStatus job={job} readyCount={ready.length} />
      </div>
      {open_ && job.preview ? (
        <ImageBlur nsfw={data.images[0]?.nsfw ?? false} className="mt-3 w-32 overflow-hidden rounded-xl ring-1 ring-border">
          <img src={job.preview} alt="Preview of the picture in progress" className="w-full" />
        </ImageBlur>
      ) : null}
      {ready.length ? (
        <div className="mt-4 grid grid-cols-2 gap-3" role="list" aria-label="Results">
          {ready.map((image, i) => (
            <div role="listitem" key={image.id}>
              <ImageTile image={image} eager onOpen={() => setOpen(i)} />
            </div>
          ))}
        </div>
      ) : null}
      <Lightbox
        images={ready}
        index={open}
        onIndexChange={setOpen}
        onChange={(img) => setPatched((p) => ({ ...p, [img.id]: img }))}
        onRemove={(id) => setRemoved((r) => new Set(r).add(id))}
      />
    </section>
  );
}

/** Once the job ends, galleries gain its pictures and the cost shown may change (a refund). */
function useRefreshWhenJobEnds(open: boolean) {
  const queryClient = useQueryClient();
  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current && !open) {
      void queryClient.invalidateQueries({ queryKey: imagesKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: [...imagesKeys.all, 'status'] });
    }
    wasOpen.current = open;
  }, [open, queryClient]);
}

/** Where the job stands, in words: waiting in line, painting, done, cancelled or failed. */
function JobStatus({ job, readyCount }: { job: ImageJob; readyCount: number }) {
  if (job.status === 'queued' || (job.status === 'running' && job.position !== null)) {
    return (
      <p className="flex items-center gap-2">
        <Clock className="size-4 text-primary" aria-hidden="true" />
        {job.position !== null ? `Waiting in line: number ${job.position}` : 'Waiting in line'}
        {job.etaSeconds ? ` · about ${job.etaSeconds} s` : ''}
      </p>
    );
  }
  if (job.status === 'running') return <JobProgress job={job} />;
  if (job.status === 'done') {
    return (
      <p className="flex items-center gap-2 text-success">
        <CheckCircle2 className="size-4" aria-hidden="true" />
        {readyCount === 1 ? 'Your picture is ready.' : `Your ${readyCount} pictures are ready.`}
        {job.error ? <span className="text-fg-muted"> {job.error}</span> : null}
      </p>
    );
  }
  if (job.status === 'cancelled') {
    return (
      <p className="flex items-center gap-2">
        <Ban className="size-4" aria-hidden="true" /> {job.error ?? 'Cancelled. Nothing was charged.'}
      </p>
    );
  }
  return (
    <p className="flex items-start gap-2 text-danger">
      <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />{' '}
      {job.error ?? 'The picture could not be made. Nothing was charged.'}
    </p>
  );
}

/** A running job: how far it is (a pulsing bar while the backend does not say) and how long it has left. */
function JobProgress({ job }: { job: ImageJob }) {
  const pct = job.progress !== null ? Math.round(job.progress * 100) : null;
  return (
    <div className="grid gap-2">
      <p className="flex items-center gap-2">
        <Loader2 className="size-4 animate-spin text-primary" aria-hidden="true" />
        {pct !== null ? `Painting: ${pct} %` : 'Painting…'}
        {job.etaSeconds ? ` · about ${job.etaSeconds} s left` : ''}
      </p>
      <div
        className="h-2 overflow-hidden rounded-full bg-surface-raised"
        role="progressbar"
        aria-label="Progress"
        aria-valuenow={pct ?? undefined}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div
          className={
            pct === null
              ? 'h-full w-1/3 animate-pulse rounded-full bg-primary'
              : 'h-full rounded-full bg-linear-to-r from-primary-strong to-accent-strong transition-[width] duration-500'
          }
          style={pct === null ? undefined : { width: `${Math.max(4, pct)}%` }}
        />
      </div>
    </div>
  );
}
