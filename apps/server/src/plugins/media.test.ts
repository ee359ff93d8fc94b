// Local media at /media/*: avatars and portraits are public files; pictures (`images/…`) are never served from the
// folder, whatever the encoding of the path, and a missing file is a 404, not the SPA.
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { mediaRoot } from '../providers/storage/index.ts';

let t: TestApp;
let dist: string;
const owner = randomUUID();
const image = randomUUID();
const SECRET_BYTES = 'RIFF-private-picture-bytes';
const AVATAR_BYTES = 'RIFF-public-avatar-bytes';

beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), 'reverie-dist-'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Reverie</title><div id="root"></div>');
  t = await createTestApp({ WEB_DIST: dist });
  const root = mediaRoot(t.config);
  // A picture its owner made private (or moderators removed): only GET /api/images/:id/… may decide who sees it.
  await mkdir(path.join(root, 'images', owner, image), { recursive: true });
  await writeFile(path.join(root, 'images', owner, image, 'full.webp'), SECRET_BYTES);
  await mkdir(path.join(root, 'avatars', 'users', owner), { recursive: true });
  await writeFile(path.join(root, 'avatars', 'users', owner, 'a1b2.webp'), AVATAR_BYTES);
});
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('/media', () => {
  it('serves a public file with a long cache', async () => {
    const res = await get(`/media/avatars/users/${owner}/a1b2.webp`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(AVATAR_BYTES);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('never serves a picture from the folder, however the path is written', async () => {
    const rest = `${owner}/${image}/full.webp`;
    const variants = [
      `/media/images/${rest}`,
      `/media//images/${rest}`,
      `/media/./images/${rest}`,
      `/media/.%2fimages/${rest}`,
      `/media/.%2Fimages/${rest}`,
      `/media/%2e%2fimages/${rest}`,
      `/media/%2e/images/${rest}`,
      `/media/%2fimages/${rest}`,
      `/media/x/..%2fimages/${rest}`,
      `/media/x/%2e%2e/images/${rest}`,
      `/media/x/%2e%2e%2fimages/${rest}`,
      `/media/x/../images/${rest}`,
      `/media/avatars/..%2f..%2fimages/${rest}`,
      `/media/x%2f..%2fimages/${rest}`,
      `/media/x/..%5cimages/${rest}`,
      `/media/x\\..\\images/${rest}`,
      `/media/.%252fimages/${rest}`,
      `/media/%69mages/${rest}`,
      `/media/IMAGES/${rest}`,
      `/media/images%2f${owner}%2f${image}%2ffull.webp`,
      `/media/./images/${rest}?x=1`,
    ];
    for (const url of variants) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain(SECRET_BYTES);
      expect(res.headers['cache-control'] ?? '', url).not.toContain('immutable');
    }
  });

  it('never serves an account export from the folder (#47.3: only its owner, through the download route)', async () => {
    const root = mediaRoot(t.config);
    await mkdir(path.join(root, 'exports', owner), { recursive: true });
    await writeFile(path.join(root, 'exports', owner, 'e1f2.zip'), SECRET_BYTES);
    const rest = `${owner}/e1f2.zip`;
    for (const url of [
      `/media/exports/${rest}`,
      `/media/./exports/${rest}`,
      `/media/x/../exports/${rest}`,
      `/media/EXPORTS/${rest}`,
      `/media/%65xports/${rest}`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain(SECRET_BYTES);
    }
  });

  it('answers a missing file with a JSON 404, not the app shell', async () => {
    for (const url of ['/media/avatars/users/nobody/gone.webp', '/media/nothing.webp', '/media/', '/media']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/application\/json/);
      expect(res.json().error.code, url).toBe('NOT_FOUND');
    }
  });

  describe('smaller copies (?w=)', () => {
    /** A real 2:3 portrait of the stored size, with detail enough to weigh what a painted one does. */
    const portrait = (width: number, height: number) =>
      sharp(Buffer.from(Array.from({ length: width * height * 3 }, (_, i) => (i * 7919) % 251)), { raw: { width, height, channels: 3 } })
        .webp({ quality: 82 })
        .toBuffer();

    it('answers a public portrait scaled to the asked width, smaller, with the same long cache', async () => {
      const root = mediaRoot(t.config);
      await mkdir(path.join(root, 'characters', owner), { recursive: true });
      const original = await portrait(512, 768);
      await writeFile(path.join(root, 'characters', owner, 'p1.webp'), original);
      for (const width of [256, 384]) {
        const res = await get(`/media/characters/${owner}/p1.webp?w=${width}`);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('image/webp');
        expect(res.headers['cache-control']).toContain('immutable');
        const meta = await sharp(res.rawPayload).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, (width * 3) / 2]);
        expect(res.rawPayload.length).toBeLessThan(original.length);
      }
      // The portrait's retry marker beside w is ignored.
      expect((await get(`/media/characters/${owner}/p1.webp?retry=1&w=256`)).statusCode).toBe(200);
      // HEAD describes the copy GET would send, not the stored file.
      const copy = await get(`/media/characters/${owner}/p1.webp?w=256`);
      const head = await t.app.inject({ method: 'HEAD', url: `/media/characters/${owner}/p1.webp?w=256` });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-type']).toBe('image/webp');
      expect(head.headers['cache-control']).toContain('immutable');
      expect(Number(head.headers['content-length'])).toBe(copy.rawPayload.length);
      expect(head.rawPayload.length).toBe(0);
    });

    it('follows the file: a replaced one gets a new copy, a removed one is a 404', async () => {
      const file = path.join(mediaRoot(t.config), 'characters', owner, 'p2.webp');
      await writeFile(file, await portrait(512, 768));
      expect((await sharp((await get(`/media/characters/${owner}/p2.webp?w=256`)).rawPayload).metadata()).height).toBe(384);
      await writeFile(file, await portrait(512, 512));
      expect((await sharp((await get(`/media/characters/${owner}/p2.webp?w=256`)).rawPayload).metadata()).height).toBe(256);
      await unlink(file);
      const gone = await get(`/media/characters/${owner}/p2.webp?w=256`);
      expect(gone.statusCode).toBe(404);
      expect(gone.json().error.code).toBe('NOT_FOUND');
    });

    it('refuses another width with a sentence, and never scales what is not public', async () => {
      const odd = await get(`/media/avatars/users/${owner}/a1b2.webp?w=300`);
      expect(odd.statusCode).toBe(400);
      expect(odd.json().message).toBe('w must be one of 256, 384 (pixels wide).');
      for (const url of [`/media/images/${owner}/${image}/full.webp?w=256`, `/media/x/../images/${owner}/${image}/full.webp?w=256`]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.body, url).not.toContain(SECRET_BYTES);
      }
    });

    it('answers a file it cannot decode as it is stored', async () => {
      const res = await get(`/media/avatars/users/${owner}/a1b2.webp?w=256`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(AVATAR_BYTES);
    });
  });
});
