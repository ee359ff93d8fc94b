import { afterEach, describe, expect, it } from 'vitest';
import { HordeImageProvider } from './horde.ts';
import { ImageBackendError, type ImageRequest } from './image-provider.ts';
import { deadUrl, sendJson, startPeer, tinyPng, type Peer, type PeerHandler } from './test/peer.ts';

const request: ImageRequest = {
  prompt: 'a lighthouse at dusk',
  negativePrompt: 'blurry',
  width: 500,
  height: 770,
  steps: 20,
  seed: 42,
  count: 2,
  nsfwAllowed: false,
};

let peer: Peer | undefined;
afterEach(async () => {
  await peer?.close();
  peer = undefined;
});

/** A scripted Horde: each check call takes the next answer from `checks` (the last one repeats). */
async function horde(opts: { checks: object[]; generations?: (url: string) => Promise<object[]>; extra?: PeerHandler }) {
  let checkCalls = 0;
  const png = await tinyPng(64, 96);
  peer = await startPeer(async (req, res) => {
    if (req.method === 'POST' && req.path === '/api/v2/generate/async') return sendJson(res, 202, { id: 'gen-1', kudos: 10 });
    if (req.path === '/api/v2/generate/check/gen-1') return sendJson(res, 200, opts.checks[Math.min(checkCalls++, opts.checks.length - 1)]);
    if (req.method === 'GET' && req.path === '/api/v2/generate/status/gen-1') {
      return sendJson(res, 200, {
        done: true,
        faulted: false,
        generations: await (opts.generations ?? (async (u) => [{ img: `${u}/r2/a.png`, seed: '42' }]))(peer!.url),
      });
    }
    if (req.path === '/r2/a.png') return void res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    if (req.method === 'DELETE' && req.path === '/api/v2/generate/status/gen-1')
      return sendJson(res, 200, { done: false, generations: [] });
    if (opts.extra) return opts.extra(req, res);
    sendJson(res, 404, { message: 'not found' });
  });
  return new HordeImageProvider({ baseUrl: peer.url, pollMs: 10 });
}

const waiting = (pos: number) => ({
  done: false,
  faulted: false,
  processing: 0,
  finished: 0,
  waiting: 2,
  queue_position: pos,
  wait_time: pos * 10,
  is_possible: true,
});
const processing = {
  done: false,
  faulted: false,
  processing: 2,
  finished: 1,
  waiting: 0,
  queue_position: 0,
  wait_time: 4,
  is_possible: true,
};
const done = { done: true, faulted: false, processing: 0, finished: 2, waiting: 0, queue_position: 0, wait_time: 0, is_possible: true };

describe('AI Horde provider', () => {
  it('submits with the anonymous key, NSFW flags and the negative prompt, then downloads URL and base64 pictures', async () => {
    const b64 = (await tinyPng(32, 48)).toString('base64');
    const provider = await horde({
      checks: [done],
      generations: async (u) => [
        { img: `${u}/r2/a.png`, seed: '42' },
        { img: b64, seed: '43' },
      ],
    });
    const job = await provider.submit(request);
    const images = await job.result();
    expect(images.map((i) => [i.mime, i.width, i.height, i.seed])).toEqual([
      ['image/png', 64, 96, 42],
      ['image/png', 32, 48, 43],
    ]);
    const submit = peer!.requests.find((r) => r.path === '/api/v2/generate/async')!;
    expect(submit.headers.apikey).toBe('0000000000');
    expect(submit.json()).toMatchObject({
      prompt: 'a lighthouse at dusk ### blurry',
      nsfw: false,
      censor_nsfw: true,
      params: { seed: '42', width: 512, height: 768, steps: 20, n: 2 },
    });
  });

  it('uses a registered key and asks for NSFW workers when allowed', async () => {
    peer = await startPeer((req, res) => sendJson(res, 202, { id: 'x' }));
    const provider = new HordeImageProvider({ baseUrl: peer.url, apiKey: 'my-key' });
    await provider.submit({ ...request, nsfwAllowed: true, model: 'Deliberate' });
    expect(peer.requests[0]!.headers.apikey).toBe('my-key');
    expect(peer.requests[0]!.json()).toMatchObject({ nsfw: true, censor_nsfw: false, models: ['Deliberate'] });
  });

  it('reports the queue position, then progress, of a slow job', async () => {
    const provider = await horde({ checks: [waiting(3), waiting(1), processing, done] });
    const job = await provider.submit(request);
    expect(await job.status()).toEqual({ state: 'queued', queuePosition: 3, etaSeconds: 30 });
    expect(await job.status()).toEqual({ state: 'queued', queuePosition: 1, etaSeconds: 10 });
    expect(await job.status()).toEqual({ state: 'running', progress: 0.5, etaSeconds: 4 });
    await expect(job.result()).resolves.toHaveLength(1);
    expect((await job.status()).state).toBe('done');
  });

  it('cancels a job mid-way upstream and rejects its result as cancelled', async () => {
    const provider = await horde({ checks: [waiting(5)] });
    const job = await provider.submit(request);
    const result = job.result().catch((e: unknown) => e);
    // Cancel once the job has asked for news at least once: mid-way, whatever the machine's speed.
    await expect.poll(() => peer!.requests.some((r) => r.path === '/api/v2/generate/check/gen-1')).toBe(true);
    await job.cancel();
    expect(await result).toMatchObject({ code: 'CANCELLED' });
    expect(peer!.requests.some((r) => r.method === 'DELETE' && r.path === '/api/v2/generate/status/gen-1')).toBe(true);
    expect((await job.status()).state).toBe('cancelled');
  });

  it('cancels when the caller aborts the signal', async () => {
    const provider = await horde({ checks: [waiting(5)] });
    const ac = new AbortController();
    const job = await provider.submit({ ...request, signal: ac.signal });
    const result = job.result().catch((e: unknown) => e);
    ac.abort();
    expect(await result).toMatchObject({ code: 'CANCELLED' });
    const deleted = () => peer!.requests.some((r) => r.method === 'DELETE');
    for (let i = 0; i < 100 && !deleted(); i++) await new Promise((r) => setTimeout(r, 20));
    expect(deleted()).toBe(true);
  });

  it('gives up on a job that takes too long, cancelling it upstream', async () => {
    await horde({ checks: [waiting(9)] });
    const provider = new HordeImageProvider({ baseUrl: peer!.url, pollMs: 10, jobTimeoutMs: 80 });
    const job = await provider.submit(request);
    await expect(job.result()).rejects.toMatchObject({ code: 'TIMEOUT', message: expect.stringContaining('did not finish within') });
    expect(peer!.requests.some((r) => r.method === 'DELETE' && r.path === '/api/v2/generate/status/gen-1')).toBe(true);
    expect(await job.status()).toMatchObject({ state: 'failed' });
  });

  it("passes on the service's refusal and a faulted job as UPSTREAM errors", async () => {
    peer = await startPeer((req, res) => sendJson(res, 400, { message: 'Input payload validation failed', rc: 'BadRequest' }));
    const refused = new HordeImageProvider({ baseUrl: peer.url });
    await expect(refused.submit(request)).rejects.toMatchObject({
      code: 'UPSTREAM',
      status: 400,
      message: 'The image service answered 400: Input payload validation failed',
    });
    await peer.close();

    const provider = await horde({ checks: [waiting(1), { ...done, done: false, faulted: true }] });
    const job = await provider.submit(request);
    await expect(job.result()).rejects.toMatchObject({ code: 'UPSTREAM', message: expect.stringContaining('could not finish') });
    expect((await job.status()).state).toBe('failed');
  });

  it('rejects malformed answers: bad JSON, a status without fields, bytes that are not a picture', async () => {
    peer = await startPeer((req, res) => void res.writeHead(202, { 'content-type': 'application/json' }).end('{"id": '));
    await expect(new HordeImageProvider({ baseUrl: peer.url }).submit(request)).rejects.toMatchObject({ code: 'MALFORMED' });
    await peer.close();

    const noFields = await horde({ checks: [{ hello: 'world' }] });
    await expect((await noFields.submit(request)).result()).rejects.toMatchObject({ code: 'MALFORMED' });
    await peer!.close();

    const garbage = await horde({
      checks: [done],
      generations: async () => [{ img: Buffer.from('<html>not a picture</html>').toString('base64'), seed: '1' }],
    });
    await expect((await garbage.submit(request)).result()).rejects.toMatchObject({
      code: 'MALFORMED',
      message: 'The image service sent something that is not a picture.',
    });
  });

  it('fails cleanly when the service cannot be reached, and health says so', async () => {
    const provider = new HordeImageProvider({ baseUrl: await deadUrl() });
    const err = await provider.submit(request).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImageBackendError);
    expect(err).toMatchObject({
      code: 'UNREACHABLE',
      message: expect.stringMatching(/^The image service could not be reached: ECONNREFUSED/),
    });
    expect(await provider.health()).toMatchObject({ status: 'down', detail: expect.stringContaining('could not be reached') });
  });

  it('lists image models with workers, busiest first', async () => {
    peer = await startPeer((req, res) =>
      req.path === '/api/v2/status/models' && req.query.get('type') === 'image'
        ? sendJson(res, 200, [
            { name: 'stable_diffusion', count: 3, type: 'image' },
            { name: 'Deliberate', count: 12, type: 'image' },
            { name: 'Gone', count: 0, type: 'image' },
          ])
        : sendJson(res, 404, {}),
    );
    expect(await new HordeImageProvider({ baseUrl: peer.url }).listModels()).toEqual([
      { id: 'Deliberate', name: 'Deliberate' },
      { id: 'stable_diffusion', name: 'stable_diffusion' },
    ]);
  });
});
