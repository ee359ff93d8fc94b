// BullMQ job queue on Redis: every server process that opens the same queue name (and prefix) shares the jobs;
// any of them may run workers. A worker holds a lock on its job and renews it; when the process dies the lock
// lapses and another worker's stalled-job check puts the job back in line (up to `maxStalledCount` times), so a
// crashed worker's job runs again. Events come through a Redis stream (QueueEvents), so a process hears about
// jobs other processes ran.
import { Queue, QueueEvents, WaitingError, Worker, type Job } from 'bullmq';
import { EventEmitter } from 'node:events';
import {
  type AddOptions,
  type JobEvent,
  type JobEventMap,
  type JobHandler,
  type JobInfo,
  type JobProgress,
  type JobQueue,
  type JobState,
  type JobWorker,
} from './job-queue.ts';

export interface BullQueueOptions {
  redisUrl: string;
  /** Key prefix, e.g. `${REDIS_PREFIX}bull` (default "bull"). */
  prefix?: string;
  /** How long a worker's lock lasts without renewal; a crashed worker's job is retried after about this long. */
  lockDurationMs?: number;
  /** How often workers look for stalled jobs. */
  stalledIntervalMs?: number;
  /** Times a job may stall (its worker died) before it fails. */
  maxStalledCount?: number;
  /** Finished jobs kept for getJob. */
  keepFinished?: number;
}

const STATES: Record<string, JobState> = {
  waiting: 'waiting',
  wait: 'waiting',
  prioritized: 'waiting',
  'waiting-children': 'waiting',
  delayed: 'delayed',
  active: 'active',
  completed: 'completed',
  failed: 'failed',
};

export class BullJobQueue<T, R = unknown> implements JobQueue<T, R> {
  readonly kind = 'bullmq' as const;
  readonly name: string;
  private readonly queue: Queue;
  private queueEvents: QueueEvents | undefined;
  private readonly emitter = new EventEmitter();
  private readonly workers = new Set<Worker>();
  private readonly connection: { url: string };

  constructor(
    name: string,
    private readonly opts: BullQueueOptions,
  ) {
    this.name = name;
    this.connection = { url: opts.redisUrl };
    this.queue = new Queue(name, { connection: this.connection, prefix: opts.prefix });
    this.emitter.setMaxListeners(0);
  }

  async add(name: string, data: T, opts: AddOptions = {}): Promise<JobInfo<T, R>> {
    const keep = this.opts.keepFinished ?? 1000;
    const job = await this.queue.add(name, data, {
      jobId: opts.jobId,
      attempts: Math.max(1, opts.attempts ?? 1),
      backoff: opts.backoff ? { type: opts.backoff.type, delay: opts.backoff.delayMs } : undefined,
      ...(opts.priority ? { priority: Math.min(1000, Math.max(1, Math.round(opts.priority))) } : {}),
      removeOnComplete: { count: keep },
      removeOnFail: { count: keep },
    });
    return (await this.getJob(job.id!)) ?? this.toInfo(job, 'waiting');
  }

  async getJob(id: string): Promise<JobInfo<T, R> | undefined> {
    const job = await this.queue.getJob(id);
    if (!job) return undefined;
    const raw = await job.getState();
    const state = STATES[raw] ?? 'waiting';
    let position: number | undefined;
    if (state === 'waiting') {
      // Ids only (no job bodies), oldest first.
      const line = await this.queue.getRanges(['wait', 'prioritized'], 0, 999, true);
      const i = line.indexOf(id);
      position = i >= 0 ? i + 1 : undefined;
    }
    return this.toInfo(job, state, position);
  }

  process(handler: JobHandler<T, R>, opts: { concurrency?: number } = {}): JobWorker {
    const abort = new AbortController();
    const worker = new Worker(
      this.name,
      async (job: Job, token?: string) => {
        // Closed between taking the job and starting it: back in line, never started.
        if (abort.signal.aborted) {
          await job.moveToWait(token);
          throw new WaitingError();
        }
        try {
          return await handler({
            id: job.id!,
            name: job.name,
            data: job.data as T,
            attempt: job.attemptsMade + 1,
            signal: abort.signal,
            updateProgress: (p: JobProgress) => job.updateProgress(p),
          });
        } catch (err) {
          // Stopped by a shutdown, not failed: back in line without using up an attempt.
          if (abort.signal.aborted) {
            await job.moveToWait(token);
            throw new WaitingError();
          }
          throw err;
        }
      },
      {
        connection: this.connection,
        prefix: this.opts.prefix,
        concurrency: Math.max(1, opts.concurrency ?? 1),
        lockDuration: this.opts.lockDurationMs ?? 30_000,
        stalledInterval: this.opts.stalledIntervalMs ?? 30_000,
        maxStalledCount: this.opts.maxStalledCount ?? 2,
      },
    );
    // Connection trouble is retried by ioredis; without a listener an 'error' event would crash the process.
    worker.on('error', () => {});
    this.workers.add(worker);
    return {
      close: async () => {
        abort.abort();
        this.workers.delete(worker);
        await worker.close();
      },
    };
  }

  on<E extends JobEvent>(event: E, listener: (payload: JobEventMap<R>[E]) => void): () => void {
    this.ensureEvents();
    this.emitter.on(event, listener);
    return () => this.emitter.off(event, listener);
  }

  /** Resolves once the event stream listens (events before that are not delivered to this process). */
  async ready(): Promise<void> {
    await this.queue.waitUntilReady();
    await this.ensureEvents().waitUntilReady();
  }

  async close(): Promise<void> {
    await Promise.all([...this.workers].map((w) => w.close()));
    this.workers.clear();
    await this.queueEvents?.close();
    await this.queue.close();
    this.emitter.removeAllListeners();
  }

  /** Deletes every key of this queue (tests and tear-down). */
  async obliterate(): Promise<void> {
    await this.queue.obliterate({ force: true });
  }

  private ensureEvents(): QueueEvents {
    if (this.queueEvents) return this.queueEvents;
    const qe = new QueueEvents(this.name, { connection: this.connection, prefix: this.opts.prefix });
    qe.on('error', () => {});
    qe.on('progress', ({ jobId, data }) => this.emit('progress', { jobId, progress: data as JobProgress }));
    qe.on('completed', ({ jobId, returnvalue }) => this.emit('completed', { jobId, returnValue: returnvalue as R }));
    qe.on('failed', ({ jobId, failedReason }) => {
      // Only the final failure: a job with attempts left is back in line, not failed.
      void this.queue
        .getJob(jobId)
        .then(async (job) => (!job || (await job.getState()) === 'failed' ? this.emit('failed', { jobId, failedReason }) : undefined))
        .catch(() => {});
    });
    this.queueEvents = qe;
    return qe;
  }

  private emit<E extends JobEvent>(event: E, payload: JobEventMap<R>[E]): void {
    for (const l of this.emitter.listeners(event)) {
      try {
        (l as (p: JobEventMap<R>[E]) => void)(payload);
      } catch {
        // a throwing listener must not break the stream
      }
    }
  }

  private toInfo(job: Job, state: JobState, position?: number): JobInfo<T, R> {
    return {
      id: job.id!,
      name: job.name,
      data: job.data as T,
      state,
      progress: (job.progress as JobProgress) ?? 0,
      attemptsMade: state === 'completed' ? Math.max(0, job.attemptsMade - 1) : job.attemptsMade,
      ...(position ? { position } : {}),
      ...(state === 'completed' ? { returnValue: job.returnvalue as R } : {}),
      ...(job.failedReason ? { failedReason: job.failedReason } : {}),
      createdAt: job.timestamp,
      ...(job.finishedOn ? { finishedAt: job.finishedOn } : {}),
    };
  }
}
