import { useState } from 'react';
import { AlertTriangle, ImageOff, Loader2 } from 'lucide-react';
import { useImageJob } from '../api/get-job';
import { ImageBlur } from './image-blur';
import { Lightbox } from './lightbox';

/** The picture a character sent in a chat: its progress while it is made, then the picture (opens the lightbox). */
export function ChatPicture({ jobId }: { jobId: string }) {
  const query = useImageJob(jobId);
  const [open, setOpen] = useState<number | null>(null);
  const frame = 'mt-2 flex aspect-[2/3] w-48 flex-col items-center justify-center gap-2 rounded-xl bg-surface ring-1 ring-border sm:w-56';
  if (query.isPending) return <div className={frame} aria-busy="true" />;
  const data = query.data;
  const job = data?.job;
  const ready = data?.images.filter((i) => i.status === 'ready') ?? [];
  if (!job || (job.status === 'done' && ready.length === 0)) {
    return (
      <p className="mt-2 flex items-center gap-2 text-sm text-fg-subtle">
        <ImageOff className="size-4" aria-hidden="true" /> This picture was deleted.
      </p>
    );
  }
  if (job.status === 'failed' || job.status === 'cancelled') {
    return (
      <p className="mt-2 flex items-start gap-2 text-sm text-fg-muted" role="status">
        <AlertTriangle className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
        {job.error ?? 'The picture could not be made. Nothing was charged.'}
      </p>
    );
  }
  if (job.status !== 'done') {
    const pct = job.progress !== null ? Math.round(job.progress * 100) : null;
    return (
      <div className={frame} role="status" aria-live="polite" data-testid="chat-picture-pending">
        {job.preview ? (
          <ImageBlur nsfw={data!.images[0]?.nsfw ?? false} className="w-24 rounded-lg">
            <img src={job.preview} alt="" className="w-full" />
          </ImageBlur>
        ) : (
          <Loader2 className="size-6 animate-spin text-primary" aria-hidden="true" />
        )}
        <span className="px-3 text-center text-xs text-fg-muted">
          {job.position !== null ? `Number ${job.position} in line` : pct !== null ? `Painting: ${pct} %` : 'Painting the picture…'}
        </span>
      </div>
    );
  }
  const image = ready[0]!;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(0)}
        aria-label="Open the picture"
        className="mt-2 block w-48 overflow-hidden rounded-xl ring-1 ring-border focus-visible:ring-2 focus-visible:ring-primary focus-visible:outline-none sm:w-56"
        style={{ aspectRatio: `${image.thumbWidth || image.width} / ${image.thumbHeight || image.height}` }}
        data-testid="chat-picture"
      >
        <ImageBlur nsfw={image.nsfw} className="size-full">
          <img src={image.thumbnailUrl ?? undefined} alt={image.prompt} className="size-full object-cover" />
        </ImageBlur>
      </button>
      <Lightbox images={ready} index={open} onIndexChange={setOpen} onRemove={() => void query.refetch()} />
    </>
  );
}
