// Web and worker processes (PROCESS_ROLE): two web processes behind nginx serve every request, one worker process
// does the background work. Jobs added by the web processes are worked by the worker, schedules run once per period
// across the processes, and a worker stopped with SIGTERM mid-job hands the job back and exits within the bound.
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { api } from '@reverie/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../e2e/server-process.ts';
import { buyCoins, signUp, within } from './actors.ts';
import { request } from './client.ts';
import { missingPrerequisite, redisUrl, startCluster, type Cluster } from './cluster.ts';

const missing = await missingPrerequisite();
if (missing) {
  if (process.env.CI) throw new Error(`cluster tier cannot run: ${missing}`);
  console.warn(`\n!! CLUSTER TIER SKIPPED: ${missing}. With CI set, this fails the run instead.\n`);
}

/** NOTIFY_SWEEP_MINUTES for this cluster: the sweeps run every 3 s. */
const SWEEP_MS = 3_000;
let c: Cluster;
let redis: Redis;
const later: ServerProcess[] = [];
beforeAll(async () => {
  c = await startCluster({
    roles: ['web', 'web'],
    worker: true,
    env: { NOTIFY_SWEEP_MINUTES: String(SWEEP_MS / 60_000), ACCOUNT_DELETION_DELAY_HOURS: '0.0005' },
  });
  redis = new Redis(redisUrl);
}, 240_000);
afterAll(async () => {
  for (const p of later) await p.stop();
  redis?.disconnect();
  await c?.stop();
});
afterEach((ctx) => {
  if (ctx.task.result?.state !== 'fail' || !c) return;
  for (const [name, p] of [['A', c.a], ['B', c.b], ['worker', c.worker!], ...later.map((p, i) => [`worker ${i + 2}`, p] as const)] as const)
    console.error(`--- ${name}, last lines:\n${p.output().slice(-4000)}`);
});

const runs = async (schedule: string) => Number((await redis.get(`${c.prefix}schedule:${schedule}:runs`)) ?? 0);
const imageJob = async (id: string) => (await c.query<{ status: string }>('select status from image_jobs where id = $1', [id]))[0]?.status;

describe.skipIf(!!missing)('two web processes and a worker', () => {
  it('serves the API on the web processes only; the worker answers its health check and nothing else', async () => {
    const worker = { name: 'worker', port: c.worker!.port };
    expect((await request(worker, '127.0.0.1', 'GET', '/api/health')).status).toBe(200);
    expect((await request(worker, '127.0.0.1', 'GET', '/api/tags')).status).toBe(404);
    expect((await request(c.direct.a, '127.0.0.1', 'GET', '/api/tags')).status).toBe(200);
  });

  it('works an image job and a data export added on the web processes, and delivers their mail', async () => {
    const p = await signUp(c.proxy, 'roles');
    await buyCoins(p, c.proxy, 20);
    const started = await p.client.ok(c.direct.a, api.images.generate, { body: { prompt: 'a harbour at dawn' }, token: p.token });
    await p.client.ok(c.direct.b, api.account.requestExport, { token: p.token });
    await within(30_000, async () => (await imageJob(started.job.id)) === 'done', 'the image job done');
    const exports = await within(
      30_000,
      async () => {
        const list = await p.client.ok(c.proxy, api.account.listExports, { token: p.token });
        return list.exports.find((e) => e.status === 'ready');
      },
      'the export ready',
    );
    expect(exports.value.status).toBe('ready');
    const sent = async () => (await c.query('select 1 from mail_outbox where "to" = $1 and sent_at is not null', [p.email])).length > 0;
    await within(10_000, sent, 'the verification mail sent');
  });

  it('runs the sweeps once per period across the processes: an account past its deletion delay is erased', async () => {
    const p = await signUp(c.proxy, 'leaving');
    await p.client.ok(c.proxy, api.account.scheduleDeletion, {
      body: { password: p.password, publicCharacters: 'delete' },
      token: p.token,
    });
    await within(
      4 * SWEEP_MS,
      async () => (await c.query('select 1 from users where id = $1 and erased_at is not null', [p.id])).length > 0,
      'the erasure',
    );
    const first = await runs('notification-sweep');
    const from = performance.now();
    await new Promise((r) => setTimeout(r, 4 * SWEEP_MS));
    const periods = (performance.now() - from) / SWEEP_MS;
    const counted = (await runs('notification-sweep')) - first;
    expect(counted).toBeGreaterThanOrEqual(Math.floor(periods) - 1);
    expect(counted).toBeLessThanOrEqual(Math.ceil(periods / 0.9) + 1);
  });

  it('hands its image job back when stopped with SIGTERM mid-job and exits within the bound; web processes leave it; two new workers finish it once', async () => {
    const p = await signUp(c.proxy, 'sigterm');
    await buyCoins(p, c.proxy, 20);
    c.images.behave({ kind: 'ok', durationMs: 60_000 });
    const started = await p.client.ok(c.proxy, api.images.generate, { body: { prompt: 'a lighthouse in fog' }, token: p.token });
    await within(20_000, async () => (await imageJob(started.job.id)) === 'running', 'the job running on the worker');
    const from = performance.now();
    await c.worker!.stop();
    const exitMs = performance.now() - from;
    // SIGTERM, not the SIGKILL that stop() sends after 10 s.
    expect(c.worker!.child.signalCode).toBeNull();
    expect(c.worker!.child.exitCode).toBe(0);
    expect(exitMs).toBeLessThan(10_000);
    // With no worker left, the web processes neither take the job nor run a schedule.
    const idleRuns = await runs('notification-sweep');
    await new Promise((r) => setTimeout(r, 2 * SWEEP_MS));
    expect(await runs('notification-sweep')).toBe(idleRuns);
    const queue = new Queue('image-generation', { connection: { url: redisUrl }, prefix: `${c.prefix}bull` });
    try {
      expect(['waiting', 'prioritized']).toContain(await (await queue.getJob(started.job.id))!.getState());
    } finally {
      await queue.close();
    }
    expect(await imageJob(started.job.id)).toBe('running');

    // Two workers at once: one of them makes the picture, the schedules still run once per period.
    c.images.behave({ kind: 'ok', durationMs: 500 });
    const sweepsBefore = await runs('notification-sweep');
    const since = performance.now();
    later.push(...(await Promise.all([0, 1].map(() => startServer({ env: { ...c.env, PROCESS_ROLE: 'worker' }, timeoutMs: 120_000 })))));
    await within(30_000, async () => (await imageJob(started.job.id)) === 'done', 'the handed-back job done');
    expect(await balanceOf(p.id)).toBe(20 - c.costs.image);
    await new Promise((r) => setTimeout(r, 3 * SWEEP_MS));
    const periods = (performance.now() - since) / SWEEP_MS;
    expect((await runs('notification-sweep')) - sweepsBefore).toBeLessThanOrEqual(Math.ceil(periods / 0.9) + 1);
  }, 120_000);
});

async function balanceOf(userId: string): Promise<number> {
  return (await c.query<{ coins: number }>('select coins from users where id = $1', [userId]))[0]!.coins;
}
