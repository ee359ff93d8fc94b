// The machine-readable AI mark (IPTC DigitalSourceType in XMP) on every picture a model made: in the stored full
// picture and thumbnail, in a download, and in a character portrait made from it, read back by sharp and, where
// Debian's exiftool is installed (CI installs it), by exiftool; an ordinary upload is not marked.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { GenerateImageResponse, ImageItem, ImageJobResponse } from '@reverie/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IPTC_SOURCE_TYPE_BASE, readDigitalSourceType } from '../../lib/ai-mark.ts';
import { normalizeImage } from '../../providers/images/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildCharacter, buildUser, type BuiltUser } from '../../../test/factories.ts';
import { peerPicture, startSdApiPeer, type SdApiPeer } from '../../../test/sdapi-peer.ts';

const AI = `${IPTC_SOURCE_TYPE_BASE}trainedAlgorithmicMedia`;
const hasExiftool = (() => {
  try {
    execFileSync('exiftool', ['-ver'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

let t: TestApp;
let peer: SdApiPeer;
let alice: BuiltUser;
let picture: ImageItem;
let characterId: string;

const sourceTypeOf = async (bytes: Buffer) => readDigitalSourceType((await sharp(bytes).metadata()).xmp);
const get = async (url: string, u?: BuiltUser) => {
  const res = await t.app.inject({ url, headers: u?.auth });
  expect(res.statusCode, url).toBe(200);
  return res.rawPayload;
};
function exiftoolSourceType(bytes: Buffer): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'ai-mark-')), 'picture.webp');
  writeFileSync(file, bytes);
  return execFileSync('exiftool', ['-s3', '-XMP-iptcExt:DigitalSourceType', file], { encoding: 'utf8' }).trim();
}

beforeAll(async () => {
  peer = await startSdApiPeer({ kind: 'ok', durationMs: 20 });
  t = await createTestApp({ IMAGES_PROVIDER: 'sdapi', IMAGES_URL: peer.url });
  alice = await buildUser(t, { coins: 100 });
  characterId = (await buildCharacter(t, alice, { name: 'Ivo Marsh' })).id;
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/image-generation/generate',
    headers: alice.auth,
    payload: { prompt: 'a lighthouse at dusk', characterId, width: 512, height: 768, count: 1 },
  });
  expect(started.statusCode).toBe(202);
  const { job } = started.json() as GenerateImageResponse;
  for (let i = 0; i < 400; i++) {
    const r = (await t.app.inject({ url: `/api/image-generation/jobs/${job.id}`, headers: alice.auth })).json() as ImageJobResponse;
    if (r.job.status === 'done') {
      picture = r.images[0]!;
      break;
    }
    await new Promise((res) => setTimeout(res, 25));
  }
  expect(picture?.url).toBeTruthy();
}, 60_000);
afterAll(async () => {
  await t?.close();
  await peer?.close();
});

describe('the AI mark on generated pictures', () => {
  it('is in the full picture, its thumbnail and its download, as IPTC DigitalSourceType trainedAlgorithmicMedia', async () => {
    // The backend's own file carries no mark: ours is written when the picture is stored.
    expect(await sourceTypeOf(await peerPicture('a lighthouse at dusk', 512, 768, 1))).toBeUndefined();
    expect(await sourceTypeOf(await get(picture.url!))).toBe(AI);
    expect(await sourceTypeOf(await get(picture.thumbnailUrl!))).toBe(AI);
    expect(await sourceTypeOf(await get(picture.downloadUrl!))).toBe(AI);
  });

  it.skipIf(!hasExiftool)('reads back with exiftool from a downloaded file', async () => {
    expect(exiftoolSourceType(await get(picture.downloadUrl!))).toBe(AI);
  });

  it('stays on a character portrait and its thumbnail made from the picture', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/images/${picture.id}/avatar`,
      headers: alice.auth,
      payload: { characterId },
    });
    expect(res.statusCode).toBe(200);
    const { character } = res.json() as { character: { avatarUrl: string; thumbnailUrl: string } };
    expect(await sourceTypeOf(await get(character.avatarUrl))).toBe(AI);
    expect(await sourceTypeOf(await get(character.thumbnailUrl))).toBe(AI);
    if (hasExiftool) expect(exiftoolSourceType(await get(character.avatarUrl))).toBe(AI);
  });

  it('is not put on an ordinary upload, and other metadata is still stripped', async () => {
    const upload = await sharp({ create: { width: 64, height: 96, channels: 3, background: '#345' } })
      .withExif({ IFD0: { Artist: 'someone' } })
      .jpeg()
      .toBuffer();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/characters/${characterId}/avatar`,
      headers: { ...alice.auth, 'content-type': 'multipart/form-data; boundary=x' },
      payload: Buffer.concat([
        Buffer.from('--x\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n'),
        upload,
        Buffer.from('\r\n--x--\r\n'),
      ]),
    });
    expect(res.statusCode).toBe(200);
    const portrait = await get((res.json() as { avatarUrl: string }).avatarUrl);
    const meta = await sharp(portrait).metadata();
    expect(readDigitalSourceType(meta.xmp)).toBeUndefined();
    expect(meta.exif).toBeUndefined();
  });

  it("marks the seeded catalogue's drawn art as algorithmicMedia (made by code, not by a trained model)", async () => {
    const drawn = await sharp({ create: { width: 40, height: 60, channels: 3, background: '#222' } })
      .png()
      .toBuffer();
    const stored = await normalizeImage(drawn, 'algorithmicMedia');
    expect(await sourceTypeOf(stored.full)).toBe(`${IPTC_SOURCE_TYPE_BASE}algorithmicMedia`);
    expect(await sourceTypeOf(stored.thumb)).toBe(`${IPTC_SOURCE_TYPE_BASE}algorithmicMedia`);
  });
});
