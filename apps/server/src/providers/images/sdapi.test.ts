import { afterEach, describe, expect, it } from 'vitest';
import type { ImageRequest } from './image-provider.ts';
import { SdApiImageProvider } from './sdapi.ts';
import { deadUrl, sendJson, startPeer, tinyPng, type Peer } from './test/peer.ts';

const request: ImageRequest = {
  prompt: 'a red fox',
  negativePrompt: 'text',
  width: 512,
  height: 768,
  steps: 12,
  seed: 7,
  count: 2,
  nsfwAllowed: true,
};

let peer: Peer | undefined;
afterEach(async () => {
  await peer?.close();
  peer = undefined;
});

/** A scripted web UI: txt2img holds until `release()` (or an interrupt), progress answers `progress`. */
async function webui(opts: { txt2img?: (body: Record<string, unknown>) => { status: number; body: unknown } } = {}) {
  const grid = (await tinyPng(16, 8)).toString('base64');
  const a = (await tinyPng(8, 12, { r: 1, g: 2, b: 3 })).toString('base64');
  const b = (await tinyPng(8, 12, { r: 9, g: 9, b: 9 })).toString('base64');
  const ctl = {
    progress: { progress: 0, eta_relative: 0, current_image: null as string | null, state: { job_count: 0 } },
    interrupted: 0,
    release: () => {},
  };
  let gate = new Promise<void>((resolve) => (ctl.release = resolve));
  peer = await startPeer(async (req, res) => {
    if (req.path === '/sdapi/v1/progress') return sendJson(res, 200, ctl.progress);
    if (req.path === '/sdapi/v1/interrupt') {
      ctl.interrupted++;
      ctl.release();
      return sendJson(res, 200, {});
    }
    if (req.path === '/sdapi/v1/sd-models')
      return sendJson(res, 200, [{ title: 'dreamshaper_8.safetensors [879db523c3]', model_name: 'dreamshaper_8' }]);
    if (req.path === '/sdapi/v1/txt2img') {
      await gate;
      gate = new Promise<void>((resolve) => (ctl.release = resolve));
      const answer = opts.txt2img?.(req.json() as Record<string, unknown>) ?? {
        status: 200,
        body: { images: [grid, a, b], parameters: {}, info: JSON.stringify({ seed: 7, all_seeds: [7, 8] }) },
      };
      return sendJson(res, answer.status, answer.body);
    }
    sendJson(res, 404, { detail: 'Not Found' });
  });
  return { provider: new SdApiImageProvider({ baseUrl: peer.url }), ctl };
}

const until = async (check: () => boolean | Promise<boolean>) => {
  for (let i = 0; i < 200 && !(await check()); i++) await new Promise((r) => setTimeout(r, 10));
};

describe('Automatic1111 / Forge provider', () => {
  it('generates a batch, skipping the grid, with the seeds the web UI used', async () => {
    const { provider, ctl } = await webui();
    const job = await provider.submit({ ...request, model: 'dreamshaper_8.safetensors [879db523c3]' });
    ctl.release();
    const images = await job.result();
    expect(images.map((i) => [i.width, i.height, i.seed])).toEqual([
      [8, 12, 7],
      [8, 12, 8],
    ]);
    expect(peer!.requests.find((r) => r.path === '/sdapi/v1/txt2img')!.json()).toMatchObject({
      prompt: 'a red fox',
      negative_prompt: 'text',
      width: 512,
      height: 768,
      steps: 12,
      seed: 7,
      batch_size: 2,
      override_settings: { sd_model_checkpoint: 'dreamshaper_8.safetensors [879db523c3]' },
    });
    expect(await job.status()).toEqual({ state: 'done', progress: 1 });
  });

  it('shows a waiting job its place in line and a running job its progress, ETA and preview', async () => {
    const { provider, ctl } = await webui();
    const first = await provider.submit(request);
    const second = await provider.submit(request);
    await until(async () => (await first.status()).state === 'running');
    ctl.progress = { progress: 0.4, eta_relative: 6.2, current_image: 'UE5HcHJldmlldw==', state: { job_count: 1 } };
    expect(await first.status()).toEqual({ state: 'running', progress: 0.4, etaSeconds: 6, previewBase64: 'UE5HcHJldmlldw==' });
    expect(await second.status()).toEqual({ state: 'queued', queuePosition: 1 });
    ctl.release();
    await first.result();
    await until(async () => (await second.status()).state === 'running');
    ctl.release();
    await expect(second.result()).resolves.toHaveLength(2);
  });

  it('cancels a running job with an interrupt, and a waiting one without touching the web UI', async () => {
    const { provider, ctl } = await webui();
    const running = await provider.submit(request);
    const waiting = await provider.submit(request);
    await until(async () => (await running.status()).state === 'running');
    const waitingResult = waiting.result().catch((e: unknown) => e);
    await waiting.cancel();
    expect(await waitingResult).toMatchObject({ code: 'CANCELLED' });
    expect(ctl.interrupted).toBe(0);
    const runningResult = running.result().catch((e: unknown) => e);
    await running.cancel();
    expect(await runningResult).toMatchObject({ code: 'CANCELLED' });
    expect(ctl.interrupted).toBe(1);
    expect((await running.status()).state).toBe('cancelled');
  });

  it('passes on an upstream failure', async () => {
    const { provider, ctl } = await webui({
      txt2img: () => ({ status: 500, body: { error: 'OutOfMemoryError', detail: 'CUDA out of memory' } }),
    });
    const job = await provider.submit(request);
    ctl.release();
    await expect(job.result()).rejects.toMatchObject({
      code: 'UPSTREAM',
      status: 500,
      message: 'The image service answered 500: OutOfMemoryError',
    });
    expect(await job.status()).toMatchObject({ state: 'failed', error: expect.stringContaining('OutOfMemoryError') });
  });

  it('rejects bad JSON and base64 that is not a picture', async () => {
    const bad = await webui({ txt2img: () => ({ status: 200, body: '{"images": [' }) });
    const job = await bad.provider.submit(request);
    bad.ctl.release();
    await expect(job.result()).rejects.toMatchObject({ code: 'MALFORMED' });
    await peer!.close();

    const junk = await webui({
      txt2img: () => ({ status: 200, body: { images: [Buffer.from('GIF89a nope').toString('base64')], info: '{}' } }),
    });
    const job2 = await junk.provider.submit({ ...request, count: 1 });
    junk.ctl.release();
    await expect(job2.result()).rejects.toMatchObject({
      code: 'MALFORMED',
      message: 'The image service sent something that is not a picture.',
    });
  });

  it('refuses to submit when the web UI is unreachable', async () => {
    const provider = new SdApiImageProvider({ baseUrl: await deadUrl() });
    await expect(provider.submit(request)).rejects.toMatchObject({
      code: 'UNREACHABLE',
      message: expect.stringContaining('The image service could not be reached'),
    });
    expect((await provider.health()).status).toBe('down');
  });

  it('lists checkpoints and reports health', async () => {
    const { provider } = await webui();
    expect(await provider.listModels()).toEqual([{ id: 'dreamshaper_8.safetensors [879db523c3]', name: 'dreamshaper_8' }]);
    expect(await provider.health()).toMatchObject({ status: 'ok' });
  });
});
