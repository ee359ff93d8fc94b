// The job life cycle on each backend's local peer (AI Horde, ComfyUI, OpenAI-compatible), pictures kept in an
// S3-speaking bucket, and the clear refusals — nothing charged — when no backend is set up or the default one
// (AI Horde) cannot be reached.
import type { GenerateImageResponse, ImageJobResponse } from '@reverie/shared';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildCharacter, buildUser, type BuiltUser } from '../../../test/factories.ts';
import { BUCKET, KEY_ID, REGION, SECRET, startS3Peer } from '../../../test/s3-peer.ts';
import { startSdApiPeer } from '../../../test/sdapi-peer.ts';
import { IMAGES_SETUP_HELP } from '../../providers/images/index.ts';
import { deadUrl, sendJson, startPeer, tinyPng, type Peer } from '../../providers/images/test/peer.ts';

const open: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const o of open.splice(0).reverse()) await o.close();
});
afterAll(async () => {
  for (const o of open.splice(0).reverse()) await o.close();
});

async function app(env: Record<string, string>): Promise<TestApp> {
  const t = await createTestApp(env);
  open.push(t);
  return t;
}

const generate = (t: TestApp, u: BuiltUser, body: object) =>
  t.app.inject({ method: 'POST', url: '/api/image-generation/generate', headers: u.auth, payload: body });

async function waitFor(
  t: TestApp,
  u: BuiltUser,
  jobId: string,
  until: (r: ImageJobResponse) => boolean = (r) => !['queued', 'running'].includes(r.job.status),
) {
  for (let i = 0; i < 400; i++) {
    const r = (await t.app.inject({ url: `/api/image-generation/jobs/${jobId}`, headers: u.auth })).json() as ImageJobResponse;
    if (until(r)) return r;
    await new Promise((res) => setTimeout(res, 25));
  }
  throw new Error('timed out');
}

async function expectReadyWebp(t: TestApp, u: BuiltUser, r: ImageJobResponse, count: number) {
  expect(r.job.status).toBe('done');
  expect(r.images.map((i) => i.status)).toEqual(Array(count).fill('ready'));
  for (const i of r.images) {
    const file = await t.app.inject({ url: i.url!, headers: u.auth });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
  }
}

describe('AI Horde', () => {
  it('passes the NSFW and censorship flags, shows the queue position while waiting, and stores the results', async () => {
    const png = await tinyPng(64, 96);
    let ready = false;
    const submitted: Array<Record<string, unknown>> = [];
    const peer: Peer = await startPeer((req, res) => {
      if (req.path === '/api/v2/status/heartbeat') return sendJson(res, 200, { message: 'OK' });
      if (req.method === 'POST' && req.path === '/api/v2/generate/async') {
        submitted.push(req.json() as Record<string, unknown>);
        return sendJson(res, 202, { id: `gen-${submitted.length}` });
      }
      if (req.path.startsWith('/api/v2/generate/check/')) {
        return sendJson(
          res,
          200,
          ready
            ? { done: true, faulted: false, finished: 1, processing: 0, is_possible: true }
            : { done: false, faulted: false, processing: 0, finished: 0, waiting: 1, queue_position: 7, wait_time: 42, is_possible: true },
        );
      }
      if (req.method === 'GET' && req.path.startsWith('/api/v2/generate/status/')) {
        return sendJson(res, 200, { done: true, generations: [{ img: png.toString('base64'), seed: '1234', censored: false }] });
      }
      sendJson(res, 404, { message: 'not found' });
    });
    open.push(peer);
    const t = await app({ IMAGES_PROVIDER: 'horde', IMAGES_URL: peer.url, IMAGES_POLL_MS: '20' });
    const u = await buildUser(t, { coins: 20 });
    const explicit = await buildCharacter(t, u, { nsfw: true, tags: ['female', 'romance', 'nsfw'] });
    const { job } = (await generate(t, u, { prompt: 'by candlelight', characterId: explicit.id })).json() as GenerateImageResponse;
    const waiting = await waitFor(t, u, job.id, (r) => r.job.position === 7);
    expect(waiting.job).toMatchObject({ status: 'running', position: 7, etaSeconds: 42 });
    expect(submitted[0]).toMatchObject({ nsfw: true, censor_nsfw: false });
    ready = true;
    const done = await waitFor(t, u, job.id);
    await expectReadyWebp(t, u, done, 1);
    expect(done.images[0]).toMatchObject({ nsfw: true, seed: 1234 });
    // A safe character asks Horde to censor.
    const safe = await buildCharacter(t, u, { nsfw: false });
    const second = (await generate(t, u, { prompt: 'in the garden', characterId: safe.id })).json() as GenerateImageResponse;
    await waitFor(t, u, second.job.id);
    expect(submitted[1]).toMatchObject({ nsfw: false, censor_nsfw: true });
  });
});

describe('ComfyUI', () => {
  it('posts the workflow with the prompt and seed, and reads the result from /history and /view', async () => {
    const png = await tinyPng(40, 60);
    const graphs: Array<Record<string, { inputs: Record<string, unknown> }>> = [];
    let finished = false;
    const peer = await startPeer((req, res) => {
      if (req.path === '/object_info/CheckpointLoaderSimple') {
        return sendJson(res, 200, { CheckpointLoaderSimple: { input: { required: { ckpt_name: [['peer-model.safetensors'], {}] } } } });
      }
      if (req.method === 'POST' && req.path === '/prompt') {
        graphs.push((req.json() as { prompt: Record<string, { inputs: Record<string, unknown> }> }).prompt);
        return sendJson(res, 200, { prompt_id: 'p-1', number: 1, node_errors: {} });
      }
      if (req.path === '/queue')
        return sendJson(res, 200, { queue_running: finished ? [] : [[0, 'p-1', {}, {}, ['9']]], queue_pending: [] });
      if (req.path === '/history/p-1') {
        return sendJson(
          res,
          200,
          finished
            ? {
                'p-1': {
                  outputs: { '9': { images: [{ filename: 'reverie_0001.png', subfolder: '', type: 'output' }] } },
                  status: { completed: true, status_str: 'success' },
                },
              }
            : {},
        );
      }
      if (req.path === '/view' && req.query.get('filename') === 'reverie_0001.png')
        return void res.writeHead(200, { 'content-type': 'image/png' }).end(png);
      sendJson(res, 404, {});
    });
    open.push(peer);
    const t = await app({ IMAGES_PROVIDER: 'comfyui', IMAGES_URL: peer.url, IMAGES_POLL_MS: '20' });
    const u = await buildUser(t, { coins: 20 });
    const { job } = (
      await generate(t, u, { prompt: 'a castle in fog', negativePrompt: 'lowres', seed: 99, width: 512, height: 640 })
    ).json() as GenerateImageResponse;
    await waitFor(t, u, job.id, (r) => r.job.status === 'running');
    finished = true;
    const done = await waitFor(t, u, job.id);
    await expectReadyWebp(t, u, done, 1);
    expect(done.images[0]).toMatchObject({ width: 40, height: 60, seed: 99 });
    expect(graphs[0]!['3']!.inputs).toMatchObject({ seed: 99 });
    expect(graphs[0]!['6']!.inputs.text).toBe('a castle in fog');
    expect(graphs[0]!['7']!.inputs.text).toBe('lowres');
    expect(graphs[0]!['4']!.inputs.ckpt_name).toBe('peer-model.safetensors');
  });
});

describe('OpenAI-compatible images', () => {
  it('asks /v1/images/generations for every picture at once and stores them', async () => {
    const png = await tinyPng(32, 32);
    const bodies: Array<Record<string, unknown>> = [];
    const peer = await startPeer((req, res) => {
      if (req.path === '/v1/models') return sendJson(res, 200, { data: [{ id: 'peer-image-1' }] });
      if (req.method === 'POST' && req.path === '/v1/images/generations') {
        bodies.push(req.json() as Record<string, unknown>);
        expect(req.headers.authorization).toBe('Bearer sk-local');
        return sendJson(res, 200, { data: [{ b64_json: png.toString('base64') }, { b64_json: png.toString('base64') }] });
      }
      sendJson(res, 404, { error: { message: 'no' } });
    });
    open.push(peer);
    const t = await app({ IMAGES_PROVIDER: 'openai', IMAGES_URL: peer.url, IMAGES_API_KEY: 'sk-local', IMAGES_MODEL: 'peer-image-1' });
    const u = await buildUser(t, { coins: 20 });
    const { job } = (await generate(t, u, { prompt: 'two foxes', count: 2, width: 512, height: 512 })).json() as GenerateImageResponse;
    await expectReadyWebp(t, u, await waitFor(t, u, job.id), 2);
    expect(bodies[0]).toMatchObject({ prompt: 'two foxes', n: 2, size: '512x512', model: 'peer-image-1', response_format: 'b64_json' });
    expect((await t.app.inject({ url: '/api/images/models' })).json()).toEqual({ data: [{ id: 'peer-image-1', name: 'peer-image-1' }] });
  });
});

describe('S3 storage', () => {
  it('keeps the pictures in the bucket, serves them through the app, and deletes them there', async () => {
    const s3 = await startS3Peer();
    open.push(s3);
    const sd = await startSdApiPeer({ kind: 'ok', durationMs: 50 });
    open.push(sd);
    const t = await app({
      IMAGES_PROVIDER: 'sdapi',
      IMAGES_URL: sd.url,
      S3_ENDPOINT: s3.url,
      S3_BUCKET: BUCKET,
      S3_REGION: REGION,
      S3_ACCESS_KEY_ID: KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET,
    });
    expect(t.deps.storage.kind).toBe('s3');
    const u = await buildUser(t, { coins: 20 });
    const { job } = (await generate(t, u, { prompt: 'a bucket of stars' })).json() as GenerateImageResponse;
    const done = await waitFor(t, u, job.id);
    await expectReadyWebp(t, u, done, 1);
    const id = done.images[0]!.id;
    const full = s3.objects.get(`images/${u.user.id}/${id}/full.webp`);
    expect(full?.contentType).toBe('image/webp');
    expect(s3.objects.has(`images/${u.user.id}/${id}/thumb.webp`)).toBe(true);
    expect(s3.log.filter((r) => r.signed).every((r) => r.verdict === 'ok')).toBe(true);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/images/${id}`, headers: u.auth })).statusCode).toBe(200);
    expect([...s3.objects.keys()].filter((k) => k.includes(id))).toEqual([]);
  });
});

describe('without a working backend', () => {
  it('says how to set one up when none is configured, and charges nothing', async () => {
    const t = await app({ IMAGES_PROVIDER: 'disabled' });
    const u = await buildUser(t, { coins: 20 });
    const res = await generate(t, u, { prompt: 'anything' });
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toMatchObject({ code: 'NOT_CONFIGURED', message: IMAGES_SETUP_HELP });
    const status = (await t.app.inject({ url: '/api/image-generation/status', headers: u.auth })).json();
    expect(status.provider).toMatchObject({ kind: 'disabled', configured: false, ready: false, message: IMAGES_SETUP_HELP });
    expect((await t.app.inject({ url: '/api/images/models' })).statusCode).toBe(503);
    expect(await t.modules.billing.services.ledger.balance(u.user.id)).toBe(20);
    expect(await t.deps.uow.repos.images.countUnfinished(u.user.id)).toBe(0);
  });

  it('fails cleanly with the default provider (AI Horde) offline: a clear message, nothing charged, nothing queued', async () => {
    const t = await app({ IMAGES_PROVIDER: 'horde', IMAGES_URL: await deadUrl() });
    const u = await buildUser(t, { coins: 20 });
    const res = await generate(t, u, { prompt: 'a lighthouse' });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('UNAVAILABLE');
    expect(res.json().error.message).toMatch(
      /^The image service could not be reached: ECONNREFUSED \(http:\/\/127\.0\.0\.1:\d+\)\. Nothing was charged\.$/,
    );
    const status = (await t.app.inject({ url: '/api/image-generation/status', headers: u.auth })).json();
    expect(status.provider).toMatchObject({ kind: 'horde', configured: true, ready: false });
    expect(status.provider.message).toMatch(/could not be reached/);
    expect((await t.app.inject({ url: '/api/images/models' })).json().error.message).toMatch(/could not be reached/);
    expect(await t.modules.billing.services.ledger.history(u.user.id, 10)).toHaveLength(1); // the test's own top-up only
    expect(await t.deps.uow.repos.images.countUnfinished(u.user.id)).toBe(0);
  });
});
