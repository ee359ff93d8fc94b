// Behaviour both queue implementations must share; memory.test.ts and bullmq.test.ts run it. Only tests import this.
import { afterEach, expect, it } from 'vitest';
import type { JobEvent, JobEventMap, JobQueue } from '../job-queue.ts';

export type MakeQueue = () => Promise<JobQueue<{ n: number }, { doubled: number }>>;

export function waitFor<T>(check: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 10_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const tick = async () => {
      try {
        const v = await check();
        if (v) return resolve(v);
      } catch (err) {
        return reject(err);
      }
      if (Date.now() - started > timeoutMs) return reject(new Error('timed out waiting'));
      setTimeout(tick, 20);
    };
    void tick();
  });
}

export function record<E extends JobEvent>(queue: JobQueue<{ n: number }, { doubled: number }>, event: E) {
  const seen: JobEventMap<{ doubled: number }>[E][] = [];
  queue.on(event, (p) => seen.push(p));
  return seen;
}

export function queueContract(make: MakeQueue) {
  const open: JobQueue<{ n: number }, { doubled: number }>[] = [];
  const queue = async () => {
    const q = await make();
    open.push(q);
    return q;
  };
  afterEach(async () => {
    for (const q of open.splice(0)) await q.close();
  });

  it('runs a job, reports progress and completion to subscribers, and keeps its result', async () => {
    const q = await queue();
    const progress = record(q, 'progress');
    const completed = record(q, 'completed');
    q.process(async (job) => {
      await job.updateProgress(0.5);
      await job.updateProgress({ stage: 'saving', percent: 90 });
      return { doubled: job.data.n * 2 };
    });
    const added = await q.add('double', { n: 21 });
    expect(added).toMatchObject({ name: 'double', data: { n: 21 } });
    await waitFor(() => completed.length === 1);
    expect(completed).toEqual([{ jobId: added.id, returnValue: { doubled: 42 } }]);
    await waitFor(() => progress.length === 2);
    expect(progress.map((p) => p.progress)).toEqual([0.5, { stage: 'saving', percent: 90 }]);
    expect(await q.getJob(added.id)).toMatchObject({
      state: 'completed',
      returnValue: { doubled: 42 },
      progress: { stage: 'saving', percent: 90 },
      attemptsMade: 0,
    });
    expect(await q.getJob('no-such-job')).toBeUndefined();
  });

  it('retries a failed attempt after the backoff and reports only the final outcome', async () => {
    const q = await queue();
    const failed = record(q, 'failed');
    const completed = record(q, 'completed');
    const attempts: number[] = [];
    q.process(async (job) => {
      attempts.push(job.attempt);
      if (job.attempt === 1) throw new Error('backend busy');
      return { doubled: 0 };
    });
    const flaky = await q.add('double', { n: 1 }, { attempts: 3, backoff: { type: 'fixed', delayMs: 50 } });
    await waitFor(() => completed.length === 1);
    expect(attempts).toEqual([1, 2]);
    expect(failed).toEqual([]);
    expect(await q.getJob(flaky.id)).toMatchObject({ state: 'completed', attemptsMade: 1 });
  });

  it('fails a job for good once its attempts are used up', async () => {
    const q = await queue();
    const failed = record(q, 'failed');
    q.process(async () => {
      throw new Error('The image service could not be reached');
    });
    const doomed = await q.add('double', { n: 1 }, { attempts: 2, backoff: { type: 'exponential', delayMs: 20 } });
    await waitFor(() => failed.length === 1);
    expect(failed).toEqual([{ jobId: doomed.id, failedReason: 'The image service could not be reached' }]);
    expect(await q.getJob(doomed.id)).toMatchObject({
      state: 'failed',
      attemptsMade: 2,
      failedReason: 'The image service could not be reached',
    });
  });

  it('keeps to the concurrency limit, tells waiting jobs their place, and does not add a job id twice', async () => {
    const q = await queue();
    const completed = record(q, 'completed');
    const jobs = [];
    for (let n = 0; n < 4; n++) jobs.push(await q.add('double', { n }, { jobId: `job-${n}` }));
    expect((await q.add('double', { n: 99 }, { jobId: 'job-0' })).data).toEqual({ n: 0 });
    expect(await Promise.all(jobs.map(async (j) => (await q.getJob(j.id))?.position))).toEqual([1, 2, 3, 4]);
    let running = 0;
    let peak = 0;
    q.process(
      async (job) => {
        peak = Math.max(peak, ++running);
        await new Promise((r) => setTimeout(r, 60));
        running--;
        return { doubled: job.data.n * 2 };
      },
      { concurrency: 2 },
    );
    await waitFor(() => completed.length === 4);
    expect(peak).toBe(2);
    expect(completed.map((c) => c.returnValue.doubled).sort()).toEqual([0, 2, 4, 6]);
  });
  it('runs more urgent jobs first and counts their place in line accordingly', async () => {
    const q = await queue();
    const completed = record(q, 'completed');
    await q.add('double', { n: 1 }, { jobId: 'slow-1', priority: 5 });
    await q.add('double', { n: 2 }, { jobId: 'slow-2', priority: 5 });
    await q.add('double', { n: 3 }, { jobId: 'fast-1', priority: 1 });
    expect((await q.getJob('fast-1'))?.position).toBe(1);
    expect((await q.getJob('slow-2'))?.position).toBe(3);
    const order: number[] = [];
    q.process(async (job) => {
      order.push(job.data.n);
      return { doubled: job.data.n * 2 };
    });
    await waitFor(() => completed.length === 3);
    expect(order).toEqual([3, 1, 2]);
  });

  it('hands a job interrupted by a worker shutdown to the next worker instead of failing it', async () => {
    const q = await queue();
    const completed = record(q, 'completed');
    const failed = record(q, 'failed');
    const first = q.process(
      (job) =>
        new Promise((_, reject) => {
          // Closing can come before the handler runs (the job is active once taken): an aborted signal fires no event.
          if (job.signal.aborted) return reject(new Error('shutting down'));
          job.signal.addEventListener('abort', () => reject(new Error('shutting down')));
        }),
    );
    const job = await q.add('double', { n: 5 });
    await waitFor(async () => (await q.getJob(job.id))?.state === 'active');
    await first.close();
    expect((await q.getJob(job.id))?.state).toBe('waiting');
    q.process(async (j) => ({ doubled: j.data.n * 2 }));
    await waitFor(() => completed.length === 1);
    expect(failed).toEqual([]);
    expect(await q.getJob(job.id)).toMatchObject({ state: 'completed', attemptsMade: 0 });
  });
}
