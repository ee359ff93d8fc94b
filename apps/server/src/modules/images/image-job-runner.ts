// The queue's worker: runs one image job against the backend, reports its progress to the queue, stores the
// pictures and ends the job. Delivery is at least once (a crashed worker's job runs again elsewhere), so every step
// is safe to repeat: starting moves queued/running → running, files go to keys made from ids (a rerun overwrites
// them), and ending is one guarded transaction (jobs.service.ts). A job cancelled by its owner is noticed at the next
// poll and stopped upstream.
import type { FastifyBaseLogger } from 'fastify';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { JobContext } from '../../lib/jobs/index.ts';
import { ImageBackendError, normalizeImage, type GeneratedImage, type ImageProvider } from '../../providers/images/index.ts';
import type { MediaStorage } from '../../providers/storage/index.ts';
import { removeImageFiles, storeImageFiles } from './image-files.ts';
import type { ImageJobRow, ImageRow, ImagesRepo } from './images.repo.ts';
import type { ImageJobData, ImageJobProgress, ImageJobsService } from './jobs.service.ts';

/** Previews larger than this (base64 characters) are not passed on: the queue keeps progress in Redis. */
const MAX_PREVIEW = 200_000;

export function failureMessage(err: unknown): string {
  if (err instanceof ImageBackendError) return `${err.message.replace(/\s+$/, '')} Nothing was charged.`;
  return 'The picture could not be made. Nothing was charged; try again.';
}

export class ImageJobRunner {
  constructor(
    private readonly deps: {
      uow: UnitOfWork<{ images: ImagesRepo }>;
      provider: ImageProvider;
      storage: MediaStorage;
      jobs: ImageJobsService;
      log: Pick<FastifyBaseLogger, 'warn'>;
      pollMs?: number;
    },
  ) {}

  readonly handle = async (ctx: JobContext<ImageJobData>): Promise<{ jobId: string }> => {
    const { uow, provider, jobs, log } = this.deps;
    const row = await uow.repos.images.startJob(ctx.data.jobId);
    if (!row) return { jobId: ctx.data.jobId }; // cancelled or ended meanwhile
    const abort = new AbortController();
    const onShutdown = () => abort.abort();
    ctx.signal.addEventListener('abort', onShutdown, { once: true });
    try {
      const job = await provider.submit({
        prompt: row.fullPrompt,
        negativePrompt: row.negativePrompt || undefined,
        width: row.width,
        height: row.height,
        steps: row.steps,
        seed: row.seed,
        model: row.model || undefined,
        count: row.count,
        nsfwAllowed: row.nsfw,
        signal: abort.signal,
      });
      const result = job.result();
      let settled = false;
      result.then(
        () => (settled = true),
        () => (settled = true),
      );
      while (!settled) {
        await Promise.race([result.catch(() => {}), new Promise((r) => setTimeout(r, this.deps.pollMs ?? 1000))]);
        if (settled) break;
        const current = await uow.repos.images.job(row.id);
        if (!current || current.status === 'cancelled') {
          await job.cancel();
          break;
        }
        const s = await job.status().catch(() => undefined);
        if (!s || (s.state !== 'queued' && s.state !== 'running')) continue;
        const progress: ImageJobProgress = {
          state: s.state,
          ...(s.queuePosition !== undefined ? { position: s.queuePosition } : {}),
          ...(s.progress !== undefined ? { progress: s.progress } : {}),
          ...(s.etaSeconds !== undefined ? { etaSeconds: s.etaSeconds } : {}),
          ...(s.previewBase64 && s.previewBase64.length <= MAX_PREVIEW ? { preview: s.previewBase64 } : {}),
        };
        await ctx.updateProgress(progress as unknown as Record<string, unknown>).catch(() => {});
      }
      await this.deliver(row, await result);
    } catch (err) {
      // Shutting down: the queue hands the job to the next worker; nothing is settled here.
      if (ctx.signal.aborted) throw err;
      const cancelled = err instanceof ImageBackendError && err.code === 'CANCELLED';
      if (!(err instanceof ImageBackendError)) log.warn({ err, jobId: row.id }, 'image job failed');
      await jobs.settle(row.id, cancelled ? 'cancelled' : 'failed', cancelled ? 'Cancelled. Nothing was charged.' : failureMessage(err));
    } finally {
      ctx.signal.removeEventListener('abort', onShutdown);
    }
    return { jobId: row.id };
  };

  /** Stores what came back, then ends the job in one transaction: delivered images ready, the rest refunded. */
  private async deliver(row: ImageJobRow, generated: GeneratedImage[]): Promise<void> {
    const { uow, storage, jobs } = this.deps;
    const pending = (await uow.repos.images.ofJob(row.id)).filter((i) => i.status === 'pending');
    const stored: Array<{
      image: ImageRow;
      files: { fileKey: string; thumbKey: string };
      meta: { width: number; height: number; thumbWidth: number; thumbHeight: number };
      seed: number | null;
    }> = [];
    let lastError: unknown;
    for (const [i, image] of pending.entries()) {
      const g = generated[i];
      if (!g) break;
      try {
        const n = await normalizeImage(g.bytes);
        const files = await storeImageFiles(storage, row.ownerId, image.id, n);
        const seed = g.seed ?? (row.count === 1 ? row.seed : null);
        stored.push({
          image,
          files,
          meta: { width: n.width, height: n.height, thumbWidth: n.thumbWidth, thumbHeight: n.thumbHeight },
          seed,
        });
      } catch (err) {
        lastError = err;
      }
    }
    if (stored.length === 0) {
      await jobs.settle(
        row.id,
        'failed',
        failureMessage(lastError ?? new ImageBackendError('MALFORMED', 'The image service sent no picture.')),
      );
      return;
    }
    const missing = pending.length - stored.length;
    const outcome = await uow.run(async (r) => {
      const ended = await r.images.finishJob(
        row.id,
        'done',
        missing ? `${missing} of ${pending.length} pictures did not come back; they were not charged.` : undefined,
      );
      if (!ended) return undefined;
      const ready: ImageRow[] = [];
      for (const s of stored) {
        const done = await r.images.markReady(s.image.id, { ...s.files, ...s.meta, seed: s.seed });
        if (done) ready.push(done);
      }
      const undelivered = await r.images.endPending(row.id, 'failed');
      await jobs.refund(
        r,
        ended,
        undelivered.map((i) => i.position),
      );
      return { ended, ready };
    });
    // Cancelled (or the image deleted) while the files were being stored: they belong to nothing.
    const kept = new Set(outcome?.ready.map((i) => i.id) ?? []);
    await Promise.all(stored.filter((s) => !kept.has(s.image.id)).map((s) => removeImageFiles(storage, s.files).catch(() => {})));
    if (outcome) {
      jobs.emitFinished({
        jobId: row.id,
        ownerId: row.ownerId,
        status: 'done',
        imageIds: outcome.ready.map((i) => i.id),
        conversationId: row.conversationId,
        error: outcome.ended.error,
      });
    }
  }
}
