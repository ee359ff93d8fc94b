// Image jobs on BullMQ with several server processes on one Redis and one PostgreSQL database: any instance may take
// the request while another works it; a worker killed mid-job has its job run again by another instance and charged
// once; a job given up after the crash is refunded exactly once although every instance hears it fail.
// Needs DATABASE_URL=postgres://… and REDIS_URL (skipped otherwise).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GenerateImageResponse, ImageJobResponse } from '@reverie/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { forgetRedisKeys } from '../../../test/redis-keys.ts';
import { buildUser, type BuiltUser } from '../../../test/factories.ts';
import { startSdApiPeer, type SdApiPeer } from '../../../test/sdapi-peer.ts';
import { BullJobQueue } from '../../lib/jobs/index.ts';
import { loadCatalog } from '../billing/catalog.ts';
import type { ImageJobData } from './jobs.service.ts';

const POSTGRES = process.env.DATABASE_URL?.startsWith('postgres');
const REDIS_URL = process.env.REDIS_URL;

const cleanup: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c().catch(() => {});
});

async function until<T>(check: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs = 20_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Images cost coins from the first one (no free allowance), so the ledger shows every charge and refund. */
async function catalogFile(): Promise<string> {
  const catalog = loadCatalog(undefined);
  const file = path.join(os.tmpdir(), `reverie-queue-catalog-${process.pid}.json`);
  await writeFile(
    file,
    JSON.stringify({ plans: catalog.plans.map((p) => ({ ...p, permissions: { ...p.permissions, monthlyFreeImages: 0 } })) }),
  );
  return file;
}

/** Two in-process instances (A and B) and the environment a third, separate process needs to join them. */
async function cluster(peer: SdApiPeer, maxStalledCount: number) {
  const prefix = `test-img-${randomBytes(4).toString('hex')}:`;
  // Last of the clean-ups (they run in reverse): the queues' and the apps' keys under this prefix, once all closed.
  cleanup.push(() => forgetRedisKeys(REDIS_URL!, prefix));
  const queue = async () => {
    const q = new BullJobQueue<ImageJobData, unknown>('image-generation', {
      redisUrl: REDIS_URL!,
      prefix: `${prefix}bull`,
      lockDurationMs: 1_000,
      stalledIntervalMs: 500,
      maxStalledCount,
    });
    await q.ready();
    return q;
  };
  const catalog = await catalogFile();
  cleanup.push(() => rm(catalog, { force: true }));
  const env = {
    IMAGES_PROVIDER: 'sdapi',
    IMAGES_URL: peer.url,
    REDIS_PREFIX: prefix,
    BILLING_CATALOG_FILE: catalog,
    IMAGE_COST: '5',
  };
  const a = await createTestApp(env, undefined, { imageQueue: await queue() });
  cleanup.push(() => a.close());
  const shared = { ...env, DATABASE_URL: (a.config.database as { url: string }).url, DATA_DIR: a.config.dataDir };
  const b = await createTestApp(shared, undefined, { imageQueue: await queue() });
  cleanup.push(() => b.close());
  return { a, b, shared };
}

/** A third instance in its own process, to be killed with SIGKILL. */
async function crashable(env: Record<string, string>, maxStalledCount: number): Promise<ChildProcess> {
  const fixture = fileURLToPath(new URL('./test/crash-instance.fixture.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', fixture], {
    env: {
      ...process.env,
      ...env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST: '',
      REDIS_URL: REDIS_URL!,
      TEST_MAX_STALLED: String(maxStalledCount),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  cleanup.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  await until(() => out.includes('ready'), 60_000);
  return child;
}

const job = async (t: TestApp, u: BuiltUser, id: string) =>
  (await t.app.inject({ url: `/api/image-generation/jobs/${id}`, headers: u.auth })).json() as ImageJobResponse;
const ledger = async (t: TestApp, u: BuiltUser) =>
  (await t.modules.billing.services.ledger.history(u.user.id, 20)).map((e) => `${e.reason} ${e.delta}`);

describe.skipIf(!POSTGRES || !REDIS_URL)('image jobs on BullMQ across server processes', () => {
  it('runs a job added on one instance on another, and reruns a crashed worker’s job elsewhere, charged once', async () => {
    const peer = await startSdApiPeer({ kind: 'ok', durationMs: 100 });
    cleanup.push(() => peer.close());
    const { a, b, shared } = await cluster(peer, 2);
    const u = await buildUser(a, { coins: 20 });

    // B takes requests only; A works.
    await b.modules.images.services.workers.stop();
    const first = (
      await b.app.inject({ method: 'POST', url: '/api/image-generation/generate', headers: u.auth, payload: { prompt: 'made by A' } })
    ).json() as GenerateImageResponse;
    const done = await until(async () => ((await job(b, u, first.job.id)).job.status === 'done' ? job(b, u, first.job.id) : undefined));
    expect(done.images[0]!.status).toBe('ready');
    expect((await b.app.inject({ url: done.images[0]!.url! })).statusCode).toBe(200);

    // Now only the crashable instance works; it takes the next job and dies holding it.
    await a.modules.images.services.workers.stop();
    peer.behave({ kind: 'hold' });
    const child = await crashable(shared, 2);
    const second = (
      await a.app.inject({
        method: 'POST',
        url: '/api/image-generation/generate',
        headers: u.auth,
        payload: { prompt: 'crash during this' },
      })
    ).json() as GenerateImageResponse;
    await until(() => peer.txt2imgCalls().some((c) => c.prompt === 'crash during this'));
    expect((await a.deps.uow.repos.images.job(second.job.id))!).toMatchObject({ status: 'running', attempts: 1 });
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    peer.behave({ kind: 'ok', durationMs: 50 });
    a.modules.images.services.workers.start();
    const rerun = await until(async () => ((await job(a, u, second.job.id)).job.status === 'done' ? job(a, u, second.job.id) : undefined));
    expect(rerun.images[0]!.status).toBe('ready');
    expect((await a.deps.uow.repos.images.job(second.job.id))!.attempts).toBe(2);
    expect(await ledger(a, u)).toEqual(['image -5', 'image -5', 'test 20']);
  }, 120_000);

  it('refunds a job given up after its worker crashed exactly once, though every instance hears it fail', async () => {
    const peer = await startSdApiPeer({ kind: 'hold' });
    cleanup.push(() => peer.close());
    const { a, b, shared } = await cluster(peer, 0);
    await a.modules.images.services.workers.stop();
    await b.modules.images.services.workers.stop();
    const child = await crashable(shared, 0);
    const u = await buildUser(a, { coins: 20 });
    const res = (
      await a.app.inject({ method: 'POST', url: '/api/image-generation/generate', headers: u.auth, payload: { prompt: 'doomed' } })
    ).json() as GenerateImageResponse;
    await until(() => peer.txt2imgCalls().some((c) => c.prompt === 'doomed'));
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    // Workers on both survivors notice the stalled job; with no retries left BullMQ fails it, and both hear it.
    a.modules.images.services.workers.start();
    b.modules.images.services.workers.start();
    const failed = await until(async () => ((await job(b, u, res.job.id)).job.status === 'failed' ? job(b, u, res.job.id) : undefined));
    expect(failed.job.error).toBe('The picture could not be made (the worker stopped). Nothing was charged.');
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await ledger(a, u)).toEqual(['allowance_refund 5', 'image -5', 'test 20']);
    expect(await a.modules.billing.services.ledger.balance(u.user.id)).toBe(20);
  }, 120_000);
});
