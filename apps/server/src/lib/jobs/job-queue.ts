// Background jobs (image generation first): a named queue that a worker pulls from, with retries, progress and
// events. Two implementations behind one interface: in-process (memory.ts, the default: one server process) and
// BullMQ on Redis (bullmq.ts, with REDIS_URL: several server processes share one queue, and a job whose worker died
// is picked up again by another one).
//
// Delivery is at-least-once: a job may run again after a crash or a retry, even when its first run got as far as a
// side effect. Handlers must therefore make their side effects idempotent (e.g. "refund image job <id>" recorded
// once under an idempotency key, files stored under keys derived from the job id, state changes guarded by the
// current state). The queue never promises exactly-once.
//
// Job data, progress and return values must be plain JSON (BullMQ stores them in Redis).

export type JobState = 'waiting' | 'delayed' | 'active' | 'completed' | 'failed';

export type JobProgress = number | Record<string, unknown>;

export interface Backoff {
  type: 'fixed' | 'exponential';
  /** fixed: every wait; exponential: delayMs × 2^(attempt−1). */
  delayMs: number;
}

export interface AddOptions {
  /** A job with this id already in the queue (in any state still kept) is returned instead of adding a second one. */
  jobId?: string;
  /** Total tries including the first; default 1. */
  attempts?: number;
  backoff?: Backoff;
  /** 1–1000, lower runs first (a faster lane for some jobs); jobs without one wait behind every prioritised job. */
  priority?: number;
}

export interface JobInfo<T, R> {
  id: string;
  name: string;
  data: T;
  state: JobState;
  progress: JobProgress;
  /** Attempts that ended in failure so far. */
  attemptsMade: number;
  /** 1 = next to run; set while waiting (up to the first 1000 in line). */
  position?: number;
  returnValue?: R;
  failedReason?: string;
  createdAt: number;
  finishedAt?: number;
}

export interface JobContext<T> {
  id: string;
  name: string;
  data: T;
  /** 1 on the first try. */
  attempt: number;
  updateProgress(progress: JobProgress): Promise<void>;
  /** Aborted when the worker shuts down; a long job should stop and let the job run again elsewhere. */
  signal: AbortSignal;
}

export type JobHandler<T, R> = (job: JobContext<T>) => Promise<R>;

export interface JobEventMap<R> {
  progress: { jobId: string; progress: JobProgress };
  completed: { jobId: string; returnValue: R };
  /** Only the final failure (no attempts left), not each retried one. */
  failed: { jobId: string; failedReason: string };
}

export type JobEvent = keyof JobEventMap<unknown>;

export interface JobWorker {
  /** Stops taking jobs and waits for running ones. */
  close(): Promise<void>;
}

export interface JobQueue<T, R = unknown> {
  readonly kind: 'memory' | 'bullmq';
  readonly name: string;
  add(name: string, data: T, opts?: AddOptions): Promise<JobInfo<T, R>>;
  getJob(id: string): Promise<JobInfo<T, R> | undefined>;
  /** Starts a worker in this process. Events fire for every job of the queue, whichever process ran it. */
  process(handler: JobHandler<T, R>, opts?: { concurrency?: number }): JobWorker;
  /** Subscribes to an event; returns the unsubscribe function. */
  on<E extends JobEvent>(event: E, listener: (payload: JobEventMap<R>[E]) => void): () => void;
  close(): Promise<void>;
}

export function backoffDelay(backoff: Backoff | undefined, attempt: number): number {
  if (!backoff) return 0;
  return backoff.type === 'fixed' ? backoff.delayMs : backoff.delayMs * 2 ** (attempt - 1);
}

export function errorMessage(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).slice(0, 1000) || 'failed';
}
