// The job runner: schedules run once per period across processes (three runners sharing one Redis stand for three
// processes), a stop waits for runs under way and hands a consumer's job back to its queue.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryJobQueue } from './memory.ts';
import { localScheduleLock, RedisScheduleLock, scheduleRuns } from './schedule.ts';
import { waitFor } from './test/queue-contract.ts';
import { JobRunner, within, type Job } from './work.ts';

const REDIS_URL = process.env.REDIS_URL;
const log = { warn: () => {}, error: () => {} };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('JobRunner', () => {
  it('runs a schedule at start and every period, and stop waits for the run under way', async () => {
    const runs: number[] = [];
    let release!: () => void;
    const job: Job = {
      kind: 'schedule',
      name: 'count',
      module: 'test',
      everyMs: 100,
      atStart: true,
      handler: async () => {
        runs.push(Date.now());
        if (runs.length === 3) await new Promise<void>((r) => (release = r));
      },
    };
    const runner = new JobRunner([job], { lock: localScheduleLock, log });
    runner.start();
    // At start, well before the first period ends.
    await waitFor(() => runs.length === 1, 50);
    await waitFor(() => runs.length === 3, 2000);
    let stopped = false;
    const stopping = runner.stop().then(() => (stopped = true));
    await sleep(150);
    expect(stopped).toBe(false);
    release();
    await stopping;
    await sleep(250);
    expect(runs).toHaveLength(3);
  });

  it('without ticking (test apps) runs a schedule at start only', async () => {
    let runs = 0;
    const job: Job = { kind: 'schedule', name: 'once', module: 'test', everyMs: 40, atStart: true, handler: async () => void runs++ };
    const runner = new JobRunner([job], { lock: localScheduleLock, log, ticking: false });
    runner.start();
    await sleep(200);
    await runner.stop();
    expect(runs).toBe(1);
  });

  it('hands a job under way back to its queue when stopped, and a bounded stop says when it ran late', async () => {
    const queue = new MemoryJobQueue<{ n: number }, number>('handback');
    const seen: number[] = [];
    const consumer = (() => {
      let worker: ReturnType<typeof queue.process> | undefined;
      return {
        start: () => {
          worker = queue.process(async (ctx) => {
            seen.push(ctx.attempt);
            await new Promise((_, reject) => ctx.signal.addEventListener('abort', () => reject(new Error('stopped'))));
            return 0;
          });
        },
        stop: async () => worker?.close(),
      };
    })();
    const runner = new JobRunner([{ kind: 'queue', name: 'q', module: 'test', queue: 'handback', consumer }], {
      lock: localScheduleLock,
      log,
    });
    runner.start();
    const job = await queue.add('x', { n: 1 });
    await waitFor(() => seen.length === 1);
    expect(await within(2000, runner.stop())).toBe(true);
    expect((await queue.getJob(job.id))?.state).toBe('waiting');
    expect(await within(50, sleep(500))).toBe(false);
    await queue.close();
  });
});

describe.skipIf(!REDIS_URL)('schedules across processes (Redis)', () => {
  const prefix = `rv-test-schedule-${randomBytes(4).toString('hex')}:`;
  const redis = REDIS_URL ? new Redis(REDIS_URL) : undefined;
  afterAll(async () => {
    const keys = await redis!.keys(`${prefix}*`);
    if (keys.length) await redis!.del(...keys);
    await redis!.quit();
  });

  it('runs once per period across three processes, not once per process, and carries on when one stops', async () => {
    const period = 300;
    let runs = 0;
    const job: Job = { kind: 'schedule', name: 'sweep', module: 'test', everyMs: period, atStart: true, handler: async () => void runs++ };
    const runners = [0, 1, 2].map(() => new JobRunner([job], { lock: new RedisScheduleLock(redis!, prefix), log }));
    const started = Date.now();
    // Started a third of a period apart, as processes are.
    for (const r of runners) {
      r.start();
      await sleep(period / 3);
    }
    await sleep(6 * period - (Date.now() - started));
    await runners[0]!.stop();
    await sleep(3 * period);
    const elapsed = Date.now() - started;
    await Promise.all(runners.slice(1).map((r) => r.stop()));
    // At most one run per 90 % of a period, whoever runs it; three processes each running it would be ~3× as many.
    expect(runs).toBeGreaterThanOrEqual(Math.floor(elapsed / period) - 1);
    expect(runs).toBeLessThanOrEqual(Math.ceil(elapsed / (0.9 * period)) + 1);
    expect(await scheduleRuns(redis!, prefix, 'sweep')).toBe(runs);
  });
});
