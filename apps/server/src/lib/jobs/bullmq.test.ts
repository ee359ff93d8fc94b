// Needs Redis: runs when REDIS_URL is set (e.g. REDIS_URL=redis://127.0.0.1:6379). Every test queue has its own
// prefix and is obliterated afterwards.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { BullJobQueue, createJobQueue } from './index.ts';
import { queueContract, waitFor } from './test/queue-contract.ts';

const REDIS_URL = process.env.REDIS_URL;
const prefix = `rv-test-${randomBytes(4).toString('hex')}`;
const made: BullJobQueue<unknown, unknown>[] = [];

function bull<T, R>(name: string, opts: { lockDurationMs?: number; stalledIntervalMs?: number } = {}) {
  const q = new BullJobQueue<T, R>(name, { redisUrl: REDIS_URL!, prefix, ...opts });
  made.push(q as BullJobQueue<unknown, unknown>);
  return q;
}

describe.skipIf(!REDIS_URL)('BullMQ job queue on Redis', () => {
  afterAll(async () => {
    const cleaner = made[0];
    for (const q of made) await q.close().catch(() => {});
    // Remove every key this run made.
    if (cleaner) {
      const { Redis } = await import('ioredis');
      const r = new Redis(REDIS_URL!);
      const keys = await r.keys(`${prefix}*`);
      if (keys.length) await r.del(...keys);
      await r.quit();
    }
  });

  queueContract(async () => {
    const q = bull<{ n: number }, { doubled: number }>(`contract-${randomBytes(3).toString('hex')}`);
    await q.ready();
    return q;
  });

  it('is what the factory builds with REDIS_URL', async () => {
    const q = createJobQueue('factory', { redisUrl: REDIS_URL, redisPrefix: `${prefix}-` });
    expect(q.kind).toBe('bullmq');
    await q.close();
  });

  it('shares one queue between two app instances: either may add, the other runs it, both hear the outcome', async () => {
    const name = `shared-${randomBytes(3).toString('hex')}`;
    const appA = bull<{ n: number }, { doubled: number; by: string }>(name);
    const appB = bull<{ n: number }, { doubled: number; by: string }>(name);
    await Promise.all([appA.ready(), appB.ready()]);
    const heardByA: string[] = [];
    const progressA: unknown[] = [];
    appA.on('completed', (e) => heardByA.push(`${e.jobId}:${e.returnValue.by}`));
    appA.on('progress', (e) => progressA.push(e.progress));
    // Only B works; A only adds and listens, as a web process behind a load balancer might.
    appB.process(async (job) => {
      await job.updateProgress({ percent: 50 });
      return { doubled: job.data.n * 2, by: 'B' };
    });
    const job = await appA.add('double', { n: 4 }, { jobId: 'image-job-1' });
    await waitFor(() => heardByA.length === 1);
    expect(heardByA).toEqual(['image-job-1:B']);
    expect(progressA).toEqual([{ percent: 50 }]);
    expect(await appA.getJob(job.id)).toMatchObject({ state: 'completed', returnValue: { doubled: 8, by: 'B' } });
    expect(await appB.getJob(job.id)).toMatchObject({ state: 'completed' });

    // Both working: each job runs exactly once, on one of them.
    const ran: string[] = [];
    appA.process(async (j) => {
      ran.push(`A:${j.id}`);
      await new Promise((r) => setTimeout(r, 30));
      return { doubled: j.data.n * 2, by: 'A' };
    });
    const ids: string[] = [];
    for (let n = 0; n < 6; n++) ids.push((await (n % 2 ? appA : appB).add('double', { n })).id);
    await waitFor(async () => (await Promise.all(ids.map((id) => appA.getJob(id)))).every((j) => j?.state === 'completed'));
    const outcomes = await Promise.all(ids.map(async (id) => (await appB.getJob(id))!.returnValue!.doubled));
    expect(outcomes).toEqual([0, 2, 4, 6, 8, 10]);
    expect(ran.filter((r) => ids.includes(r.slice(2))).length).toBe(new Set(ran).size);
  });

  it('retries the job of a worker that crashed mid-job on the other instance (stalled-job recovery)', async () => {
    const name = `crash-${randomBytes(3).toString('hex')}`;
    const survivor = bull<{ n: number }, { doubled: number; by: string }>(name, { lockDurationMs: 1_000, stalledIntervalMs: 500 });
    await survivor.ready();
    const completed: { jobId: string; by: string }[] = [];
    survivor.on('completed', (e) => completed.push({ jobId: e.jobId, by: e.returnValue.by }));

    const fixture = fileURLToPath(new URL('./test/crash-worker.fixture.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', fixture, REDIS_URL!, prefix, name], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    try {
      await waitFor(() => out.includes('ready'), 20_000);
      const job = await survivor.add('double', { n: 21 }, { jobId: 'crash-job' });
      await waitFor(() => out.includes('took crash-job'), 20_000);
      expect((await survivor.getJob(job.id))?.state).toBe('active');
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));

      const attempts: number[] = [];
      survivor.process(async (j) => {
        attempts.push(j.attempt);
        return { doubled: j.data.n * 2, by: 'survivor' };
      });
      await waitFor(() => completed.length === 1, 20_000);
      expect(completed).toEqual([{ jobId: 'crash-job', by: 'survivor' }]);
      expect(await survivor.getJob('crash-job')).toMatchObject({ state: 'completed', returnValue: { doubled: 42, by: 'survivor' } });
      expect(attempts).toHaveLength(1);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 60_000);
});
