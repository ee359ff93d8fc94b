// Image jobs between the request and the worker: the queue (in process, or BullMQ on Redis), what a job looks like
// to its owner, and the one place a job ends without pictures — `settle` — which refunds the images not delivered
// exactly once: the job's status moves only from queued/running (one UPDATE wins, whoever calls: the worker, a
// cancel, the queue's final failure heard by every process, the reaper), and the refund happens in that same
// transaction, each image's charge released under its own key.
import type { FastifyBaseLogger } from 'fastify';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { Actor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { JobQueue } from '../../lib/jobs/index.ts';
import type { EntitlementsService } from '../billing/entitlements.service.ts';
import type { JobLiveState } from './images.mapper.ts';
import type { ImageJobRow, ImagesRepo, ImageWithRefs } from './images.repo.ts';

/** A job, what the queue knows of it while it is open, and its pictures as the viewer may see them. */
export interface JobView {
  job: ImageJobRow;
  live: JobLiveState;
  images: ImageWithRefs[];
}

export interface ImageJobData {
  jobId: string;
}

/** What the worker reports while a job runs (kept by the queue, so every process can read it). */
export interface ImageJobProgress {
  state: 'queued' | 'running';
  position?: number;
  progress?: number;
  etaSeconds?: number;
  preview?: string;
}

export interface JobFinishedEvent {
  jobId: string;
  ownerId: string;
  status: 'done' | 'failed' | 'cancelled';
  /** The pictures delivered (empty unless done). */
  imageIds: string[];
  conversationId: string | null;
  error: string | null;
}
export type JobFinishedListener = (event: JobFinishedEvent) => void;

/** The charge of one image of a job (the allowance key; entitlements adds the user). */
export const chargeKey = (jobId: string, position: number) => `image-job:${jobId}:${position}`;

/** Fast plans' jobs go ahead of standard ones in the shared queue. */
const PRIORITY = { fast: 1, standard: 5 } as const;
/** Jobs still open this long after they were queued are ended and refunded (the backends time out well before). */
export const STUCK_AFTER_MS = 60 * 60_000;

export class ImageJobsService {
  private readonly listeners = new Set<JobFinishedListener>();

  constructor(
    private readonly uow: UnitOfWork<{ images: ImagesRepo }>,
    readonly queue: JobQueue<ImageJobData, unknown>,
    private readonly entitlements: EntitlementsService,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
    /** An owner's look is written at most this often (well inside IMAGES_AWAY_SECONDS). */
    private readonly watchEveryMs = 2000,
    /** The time a look is recorded at: the announcer's clock, so that both agree. */
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Called once per finished job (done, failed or cancelled) by the process that finished it; returns unsubscribe. */
  onJobFinished(listener: JobFinishedListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emitFinished(event: JobFinishedEvent): void {
    for (const l of this.listeners) {
      try {
        l(event);
      } catch (err) {
        this.log.warn({ err }, 'an image job listener failed');
      }
    }
  }

  async enqueue(job: Pick<ImageJobRow, 'id' | 'queue'>): Promise<void> {
    await this.queue.add('generate', { jobId: job.id }, { jobId: job.id, priority: PRIORITY[job.queue] });
  }

  async live(jobId: string): Promise<JobLiveState> {
    const q = await this.queue.getJob(jobId).catch(() => undefined);
    if (!q) return {};
    if (q.state === 'waiting' || q.state === 'delayed') return { position: q.position };
    const p = q.progress && typeof q.progress === 'object' ? (q.progress as unknown as ImageJobProgress) : undefined;
    if (!p) return {};
    return { position: p.state === 'queued' ? p.position : undefined, progress: p.progress, etaSeconds: p.etaSeconds, preview: p.preview };
  }

  /**
   * The caller's job with its images (404 for anyone else's). Its owner looking (a poll, or each tick of its event
   * stream) is recorded: a job that ends while nobody looks is announced (job-announcer.ts).
   */
  async view(actor: Actor, jobId: string): Promise<JobView> {
    const row = await this.uow.repos.images.job(jobId);
    if (!row || (row.ownerId !== actor.userId && actor.role !== 'admin')) throw AppError.notFound('Job');
    if (row.ownerId === actor.userId && (row.status === 'queued' || row.status === 'running')) {
      await this.uow.repos.images.touchWatched(jobId, this.watchEveryMs, this.now());
    }
    return this.present(row, actor);
  }

  async present(row: ImageJobRow, actor: Actor): Promise<JobView> {
    const { images } = this.uow.repos;
    const open = row.status === 'queued' || row.status === 'running';
    const ids = (await images.ofJob(row.id)).map((i) => i.id);
    return { job: row, live: open ? await this.live(row.id) : {}, images: await images.withRefs(ids, actor.userId) };
  }

  /**
   * Ends an open job without pictures (failed or cancelled) and refunds every image it had not delivered. False when
   * the job had already ended (someone else settled it).
   */
  async settle(jobId: string, status: 'failed' | 'cancelled', error: string): Promise<boolean> {
    const ended = await this.uow.run(async (r) => {
      const row = await r.images.finishJob(jobId, status, error);
      if (!row) return undefined;
      const undelivered = await r.images.endPending(jobId, status);
      await this.refund(
        r,
        row,
        undelivered.map((i) => i.position),
      );
      return row;
    });
    if (!ended) return false;
    this.emitFinished({ jobId, ownerId: ended.ownerId, status, imageIds: [], conversationId: ended.conversationId, error });
    return true;
  }

  /** Inside the transaction that ended the job: gives back the charges of these positions, once per job. */
  async refund(r: { images: ImagesRepo }, job: ImageJobRow, positions: number[]): Promise<void> {
    if (positions.length === 0 || !(await r.images.markRefunded(job.id))) return;
    for (const p of positions) await this.entitlements.release(job.ownerId, 'image', chargeKey(job.id, p));
  }

  /**
   * After a start: jobs the queue no longer holds (the in-process queue forgets everything on restart) go back in
   * line; jobs open far too long are ended and refunded.
   */
  async recover(now = new Date()): Promise<{ requeued: number; reaped: number }> {
    let requeued = 0;
    let reaped = 0;
    for (const job of await this.uow.repos.images.unfinishedJobs()) {
      if (now.getTime() - job.createdAt.getTime() > STUCK_AFTER_MS) {
        if (await this.settle(job.id, 'failed', 'The picture took far too long and was given up. Nothing was charged.')) reaped++;
        continue;
      }
      const q = await this.queue.getJob(job.id).catch(() => undefined);
      if (q && q.state !== 'completed' && q.state !== 'failed') continue;
      if (q?.state === 'failed') {
        await this.settle(job.id, 'failed', 'The picture could not be made. Nothing was charged.');
        continue;
      }
      if (!q) {
        await this.enqueue(job);
        requeued++;
      }
    }
    if (requeued || reaped) this.log.info({ requeued, reaped }, 'image jobs recovered');
    return { requeued, reaped };
  }
}
