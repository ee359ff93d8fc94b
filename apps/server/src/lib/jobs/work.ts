// Background work, the kinds a module may own (the list of every one is apps/server/src/jobs.ts):
// - a queue consumer: works a job queue (BullMQ with REDIS_URL) in this process;
// - a schedule: a handler run every period, once across processes (schedule.ts), optionally also at start;
// - a loop: something with its own clock that starts and stops (the mail queue's delivery, reply recovery);
// - a start task: one run when the process starts (the seed art).
// Web processes (PROCESS_ROLE=web) start none of them; worker and `all` processes start all of them.
import type { FastifyBaseLogger } from 'fastify';
import { safeError } from '../safe-error.ts';
import type { ScheduleLock } from './schedule.ts';

interface Startable {
  start(): void;
  stop(): Promise<void>;
}

interface JobBase<M extends string> {
  /** Unique across the list; also the schedule's lock name in Redis. */
  name: string;
  /** The module that owns it (its services are the handler). */
  module: M;
}

export interface QueueJob<M extends string> extends JobBase<M> {
  kind: 'queue';
  /** The queue's name (BullMQ: `${REDIS_PREFIX}bull:<queue>`). */
  queue: string;
  /** Starts and stops this process's worker on the queue; stop hands unfinished jobs back to the queue. */
  consumer: Startable;
}

export interface ScheduleJob<M extends string> extends JobBase<M> {
  kind: 'schedule';
  everyMs: number;
  /** Also once when the process starts (under the same lock: once across processes starting together). */
  atStart?: boolean;
  handler: () => Promise<unknown>;
}

export interface LoopJob<M extends string> extends JobBase<M> {
  kind: 'loop';
  /** How often it looks (documentation: the loop keeps its own clock). */
  everyMs: number;
  loop: Startable;
}

export interface StartJob<M extends string> extends JobBase<M> {
  kind: 'at-start';
  handler: () => Promise<unknown>;
}

export type Job<M extends string = string> = QueueJob<M> | ScheduleJob<M> | LoopJob<M> | StartJob<M>;

/** Drains a stop that takes longer than `ms`: resolves false then (the rest is left to the queue's own recovery). */
export async function within(ms: number, work: Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([work.then(() => true), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Runs one module's jobs in this process: start() begins them, stop() ends them and waits for runs under way. */
export class JobRunner {
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly running = new Set<Promise<void>>();
  private readonly started: Startable[] = [];
  private stopped = false;

  constructor(
    private readonly jobs: readonly Job[],
    private readonly o: {
      lock: ScheduleLock;
      log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
      /** False: schedules only run at start (tests run them by hand, on their own clocks). */
      ticking?: boolean;
    },
  ) {}

  start(): void {
    for (const job of this.jobs) {
      if (job.kind === 'queue') this.startOne(job.consumer);
      else if (job.kind === 'loop') this.startOne(job.loop);
      else if (job.kind === 'at-start') this.track(job.name, job.handler);
      else {
        const tick = () => this.tick(job);
        if (this.o.ticking !== false) this.timers.push(setInterval(tick, job.everyMs).unref());
        if (job.atStart) tick();
      }
    }
  }

  /** Stops the clocks and the consumers (in parallel), then waits for schedule runs under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers.splice(0)) clearInterval(t);
    await Promise.allSettled(this.started.splice(0).map((s) => s.stop()));
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  private startOne(s: Startable): void {
    s.start();
    this.started.push(s);
  }

  private tick(job: ScheduleJob<string>): void {
    this.track(job.name, async () => {
      if (this.stopped || !(await this.o.lock.take(job.name, job.everyMs))) return;
      await job.handler();
    });
  }

  private track(name: string, run: () => Promise<unknown>): void {
    const p: Promise<void> = run()
      .then(() => {})
      .catch((err: unknown) => this.o.log.warn({ err: safeError(err), job: name }, 'background job failed; it runs again at its next time'))
      .finally(() => this.running.delete(p));
    this.running.add(p);
  }
}
