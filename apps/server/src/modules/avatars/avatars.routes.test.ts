// Initials avatars through our server: proxied from the avatar service (a local HTTP peer here), re-encoded and
// cached; drawn locally when the service is unreachable; names bounded and validated.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { initialsSvg } from './avatars.service.ts';

let peer: http.Server;
let peerUrl: string;
const seen: URL[] = [];
let png: Buffer;

beforeAll(async () => {
  png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#2c1a35' } })
    .png()
    .toBuffer();
  peer = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://peer');
    seen.push(url);
    if (url.searchParams.get('name') === 'broken') {
      res.writeHead(200, { 'content-type': 'image/png' }).end('not an image');
      return;
    }
    res.writeHead(200, { 'content-type': 'image/png' }).end(png);
  });
  await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
  peerUrl = `http://127.0.0.1:${(peer.address() as AddressInfo).port}/api/`;
});
afterAll(() => new Promise<void>((resolve) => peer.close(() => resolve())));

describe('GET /api/avatars/initials', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AVATAR_SERVICE_URL: peerUrl });
  });
  afterAll(() => t.close());
  const get = (name: string) => t.app.inject({ url: `/api/avatars/initials?name=${encodeURIComponent(name)}` });

  it('fetches the avatar from the service once, re-encoded as a 128 px PNG, and serves it from the cache after', async () => {
    const before = seen.length;
    const first = await get('Mira Vale');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(first.headers['cache-control']).toContain('max-age=604800');
    const meta = await sharp(first.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 128, 128]);
    expect(seen.length).toBe(before + 1);
    expect(seen.at(-1)!.searchParams.get('name')).toBe('Mira Vale');

    const again = await get('Mira Vale');
    expect(again.statusCode).toBe(200);
    expect(seen.length).toBe(before + 1);
  });

  it('draws the initials itself when the service sends something that is not an image', async () => {
    const res = await get('broken');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.body).toBe(initialsSvg('broken'));
    expect(res.body).toContain('>BR</text>');
  });

  it.each([
    ['', /name must not be empty/],
    ['x'.repeat(61), /at most 60 characters/],
    ['a\u0007b', /control characters/],
  ])('refuses name=%j with 400 and a sentence', async (name, message) => {
    const res = await get(name);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });
});

describe('offline', () => {
  it('serves local initials (SVG, short cache) when the service cannot be reached, and escapes the name', async () => {
    const t = await createTestApp({ AVATAR_SERVICE_URL: 'http://127.0.0.1:9/api/' });
    try {
      const res = await t.app.inject({ url: '/api/avatars/initials?name=%3Cb%3E%20%26co' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(res.headers['cache-control']).toBe('public, max-age=300');
      expect(res.body).toContain('>&#60;&#38;</text>');
      expect(res.body).not.toContain('<b>');
      // A real SVG that an image decoder draws.
      expect((await sharp(res.rawPayload).png().toBuffer()).length).toBeGreaterThan(100);
    } finally {
      await t.close();
    }
  });
});
