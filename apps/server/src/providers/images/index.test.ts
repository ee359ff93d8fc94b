import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { HealthRegistry } from '../health.ts';
import { createImageProvider, imageErrorToAppError, imagesConfigFromEnv, ImagesEnvSchema, normalizeImage } from './index.ts';
import { tinyPng } from './test/peer.ts';

const fromEnv = (env: Record<string, string>) => imagesConfigFromEnv(ImagesEnvSchema.parse(env));
const request = { prompt: 'x', width: 512, height: 512, steps: 10, seed: 1, count: 1, nsfwAllowed: false };

describe('images provider factory', () => {
  it('defaults to AI Horde with no configuration, registered for health', async () => {
    const health = new HealthRegistry();
    const provider = createImageProvider(fromEnv({}), { health });
    expect(provider.info()).toMatchObject({ provider: 'horde', url: 'https://aihorde.net', configured: true });
    expect(health.list().map((p) => [p.name, p.kind])).toEqual([['images', 'horde']]);
  });

  it('picks each backend from IMAGES_PROVIDER and IMAGES_URL', () => {
    for (const kind of ['sdapi', 'comfyui', 'openai']) {
      const p = createImageProvider(fromEnv({ IMAGES_PROVIDER: kind, IMAGES_URL: 'http://127.0.0.1:9', IMAGES_API_KEY: 'k' }), {
        health: new HealthRegistry(),
      });
      expect(p.info()).toMatchObject({ provider: kind, url: 'http://127.0.0.1:9', configured: true });
    }
  });

  it('explains how to set up a backend that is unknown or missing its URL, and refuses to generate', async () => {
    const missing = createImageProvider(fromEnv({ IMAGES_PROVIDER: 'sdapi' }), { health: new HealthRegistry() });
    expect(await missing.health()).toEqual({
      status: 'disabled',
      detail: 'Image generation is not set up: IMAGES_PROVIDER=sdapi needs IMAGES_URL (e.g. http://127.0.0.1:7860).',
    });
    await expect(missing.submit(request)).rejects.toMatchObject({
      code: 'NOT_CONFIGURED',
      message: expect.stringContaining('needs IMAGES_URL'),
    });
    await expect(missing.listModels()).rejects.toMatchObject({ code: 'NOT_CONFIGURED' });

    const unknown = createImageProvider(fromEnv({ IMAGES_PROVIDER: 'midjourney' }), { health: new HealthRegistry() });
    expect(unknown.info()).toMatchObject({
      provider: 'disabled',
      configured: false,
      setup: expect.stringContaining('IMAGES_PROVIDER=midjourney is not a known backend'),
    });
    const err = await unknown.submit(request).catch((e: unknown) => e);
    expect(imageErrorToAppError(err)).toMatchObject({ status: 503, code: 'NOT_CONFIGURED' });

    const comfyBadWorkflow = createImageProvider(
      fromEnv({ IMAGES_PROVIDER: 'comfyui', IMAGES_URL: 'http://127.0.0.1:9', IMAGES_COMFYUI_WORKFLOW: '/nonexistent/wf.json' }),
      {
        health: new HealthRegistry(),
      },
    );
    expect(await comfyBadWorkflow.health()).toMatchObject({
      status: 'disabled',
      detail: expect.stringContaining('/nonexistent/wf.json could not be read'),
    });
  });
});

describe('request bounds', () => {
  it('refuses a request outside the bounds before contacting anyone', async () => {
    const p = createImageProvider(fromEnv({ IMAGES_PROVIDER: 'sdapi', IMAGES_URL: 'http://127.0.0.1:9' }), {
      health: new HealthRegistry(),
    });
    await expect(p.submit({ ...request, count: 5 })).rejects.toThrow('count must be 1–4');
    await expect(p.submit({ ...request, width: 4096 })).rejects.toThrow('width and height must be 64–2048');
    await expect(p.submit({ ...request, prompt: '  ' })).rejects.toThrow('prompt must be 1–4000 characters');
    await expect(p.submit({ ...request, seed: -1 })).rejects.toThrow('seed must be');
  });
});

describe('normalizeImage', () => {
  it('re-encodes to a full-size WebP and a 384 px thumbnail without metadata', async () => {
    const withExif = await sharp({ create: { width: 1000, height: 600, channels: 3, background: '#336699' } })
      .withMetadata({ exif: { IFD0: { Copyright: 'secret workflow' } } })
      .png()
      .toBuffer();
    const out = await normalizeImage(withExif);
    expect([out.width, out.height, out.thumbWidth, out.thumbHeight]).toEqual([1000, 600, 384, 230]);
    const full = await sharp(out.full).metadata();
    const thumb = await sharp(out.thumb).metadata();
    expect([full.format, full.width, thumb.format, thumb.width]).toEqual(['webp', 1000, 'webp', 384]);
    expect(full.exif).toBeUndefined();
    expect(out.full.includes(Buffer.from('secret workflow'))).toBe(false);
  });

  it('keeps small pictures small and rejects bytes that are not a picture', async () => {
    const out = await normalizeImage(await tinyPng(40, 30));
    expect([out.width, out.height, out.thumbWidth, out.thumbHeight]).toEqual([40, 30, 40, 30]);
    await expect(normalizeImage(Buffer.from('<svg onload=alert(1)>'))).rejects.toMatchObject({ code: 'MALFORMED' });
  });
});
