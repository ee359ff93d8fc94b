// In-process job queue: jobs live in this process's memory, are lost on restart, and only this process works
// them. Retries with backoff, concurrency, progress and events behave as in the BullMQ queue.
import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import {
  backoffDelay,
  errorMessage,
  type AddOptions,
  type JobEvent,
  type JobEventMap,
  type JobHandler,
  type JobInfo,
  type JobQueue,
  type JobWorker,
} from './job-queue.ts';

interface Entry<T, R> {
  info: JobInfo<T, R>;
  opts: AddOptions;
  timer?: NodeJS.Timeout;
}

export interface MemoryQueueOptions {
  /** Finished jobs kept for getJob (oldest forgotten first). */
  keepFinished?: number;
}

export class MemoryJobQueue<T, R = unknown> implements JobQueue<T, R> {
  readonly kind = 'memory' as const;
  readonly name: string;
  private readonly jobs = new Map<string, Entry<T, R>>();
  private readonly waiting: string[] = [];
  private readonly finished: string[] = [];
  private readonly events = new EventEmitter();
  private readonly keepFinished: number;
  private workers: MemoryWorker<T, R>[] = [];
  private closed = false;

  constructor(name: string, opts: MemoryQueueOptions = {}) {
    this.name = name;
    this.keepFinished = opts.keepFinished ?? 1000;
    this.events.setMaxListeners(0);
  }

  async add(name: string, data: T, opts: AddOptions = {}): Promise<JobInfo<T, R>> {
    if (this.closed) throw new Error(`The job queue ${this.name} is closed`);
    const id = opts.jobId ?? randomUUID();
    const existing = this.jobs.get(id);
    if (existing) return this.snapshot(existing);
    const entry: Entry<T, R> = { info: { id, name, data, state: 'waiting', progress: 0, attemptsMade: 0, createdAt: Date.now() }, opts };
    this.jobs.set(id, entry);
    this.enqueue(id);
    this.kick();
    return this.snapshot(entry);
  }

  async getJob(id: string): Promise<JobInfo<T, R> | undefined> {
    const e = this.jobs.get(id);
    return e ? this.snapshot(e) : undefined;
  }

  process(handler: JobHandler<T, R>, opts: { concurrency?: number } = {}): JobWorker {
    const worker = new MemoryWorker(this, handler, Math.max(1, opts.concurrency ?? 1));
    this.workers.push(worker);
    this.kick();
    return worker;
  }

  on<E extends JobEvent>(event: E, listener: (payload: JobEventMap<R>[E]) => void): () => void {
    this.events.on(event, listener);
    return () => this.events.off(event, listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const e of this.jobs.values()) clearTimeout(e.timer);
    await Promise.all(this.workers.map((w) => w.close()));
    this.events.removeAllListeners();
  }

  /** For workers: the next waiting job, now active. */
  take(): Entry<T, R> | undefined {
    const id = this.waiting.shift();
    if (id === undefined) return undefined;
    const e = this.jobs.get(id)!;
    e.info.state = 'active';
    return e;
  }

  emit<E extends JobEvent>(event: E, payload: JobEventMap<R>[E]): void {
    // A throwing listener must not break the queue.
    for (const l of this.events.listeners(event)) {
      try {
        (l as (p: JobEventMap<R>[E]) => void)(payload);
      } catch {
        // ignored
      }
    }
  }

  complete(e: Entry<T, R>, value: R): void {
    Object.assign(e.info, { state: 'completed', returnValue: value, finishedAt: Date.now() });
    this.retire(e.info.id);
    this.emit('completed', { jobId: e.info.id, returnValue: value });
  }

  fail(e: Entry<T, R>, err: unknown): void {
    const reason = errorMessage(err);
    e.info.attemptsMade++;
    e.info.failedReason = reason;
    const attempts = Math.max(1, e.opts.attempts ?? 1);
    if (e.info.attemptsMade < attempts && !this.closed) {
      const delay = backoffDelay(e.opts.backoff, e.info.attemptsMade);
      if (delay > 0) {
        e.info.state = 'delayed';
        e.timer = setTimeout(() => this.requeue(e), delay);
      } else this.requeue(e);
      return;
    }
    Object.assign(e.info, { state: 'failed', finishedAt: Date.now() });
    this.retire(e.info.id);
    this.emit('failed', { jobId: e.info.id, failedReason: reason });
  }

  /** A job interrupted by a worker shutting down goes back to the front of the line. */
  giveBack(e: Entry<T, R>): void {
    e.info.state = 'waiting';
    this.waiting.unshift(e.info.id);
  }

  kick(): void {
    for (const w of this.workers) w.pump();
  }

  removeWorker(w: MemoryWorker<T, R>): void {
    this.workers = this.workers.filter((x) => x !== w);
  }

  private requeue(e: Entry<T, R>): void {
    e.info.state = 'waiting';
    this.enqueue(e.info.id);
    this.kick();
  }

  /** Into the line behind every job of the same or a more urgent priority. */
  private enqueue(id: string): void {
    const rank = (jobId: string) => this.jobs.get(jobId)?.opts.priority ?? Number.MAX_SAFE_INTEGER;
    const mine = rank(id);
    const at = this.waiting.findIndex((other) => rank(other) > mine);
    if (at < 0) this.waiting.push(id);
    else this.waiting.splice(at, 0, id);
  }

  private retire(id: string): void {
    this.finished.push(id);
    while (this.finished.length > this.keepFinished) this.jobs.delete(this.finished.shift()!);
  }

  private snapshot(e: Entry<T, R>): JobInfo<T, R> {
    const position = e.info.state === 'waiting' ? this.waiting.indexOf(e.info.id) + 1 : 0;
    return { ...e.info, ...(position > 0 && position <= 1000 ? { position } : {}) };
  }
}

class MemoryWorker<T, R> implements JobWorker {
  private active = new Set<Promise<void>>();
  private readonly abort = new AbortController();
  private closing = false;

  constructor(
    private readonly queue: MemoryJobQueue<T, R>,
    private readonly handler: JobHandler<T, R>,
    private readonly concurrency: number,
  ) {}

  pump(): void {
    while (!this.closing && this.active.size < this.concurrency) {
      const e = this.queue.take();
      if (!e) return;
      const p = this.run(e).finally(() => {
        this.active.delete(p);
        this.pump();
      });
      this.active.add(p);
    }
  }

  private async run(e: Parameters<MemoryJobQueue<T, R>['complete']>[0]): Promise<void> {
    const { id, name, data } = e.info;
    // Start on a later tick so add() returns before the handler runs, as with a real queue.
    await new Promise((r) => setImmediate(r));
    if (this.abort.signal.aborted) return this.queue.giveBack(e);
    try {
      const value = await this.handler({
        id,
        name,
        data,
        attempt: e.info.attemptsMade + 1,
        signal: this.abort.signal,
        updateProgress: async (progress) => {
          e.info.progress = progress;
          this.queue.emit('progress', { jobId: id, progress });
        },
      });
      this.queue.complete(e, value);
    } catch (err) {
      if (this.abort.signal.aborted) this.queue.giveBack(e);
      else this.queue.fail(e, err);
    }
  }

  async close(): Promise<void> {
    this.closing = true;
    this.abort.abort();
    while (this.active.size) await Promise.allSettled([...this.active]);
    this.queue.removeWorker(this);
  }
}
