// CharX archives as other tools write them: ZIP64 (Info-ZIP `zip -fz`, sizes in the ZIP64 extra field and 0xFFFFFFFF
// in the headers), an icon that is not the main one listed first, a file the card does not list, and asset names
// that try to lead out of the archive. Issue #46.11, #46.12 and #47.7.
import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ImportCharacterResponse } from '@reverie/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { parseCharx } from '../../lib/character-card/index.ts';
import { b64, makePng, V3_CARD } from '../../lib/character-card/test/fixtures.ts';
import { importCard, quickUser, type Caller } from './test/helpers.ts';

/** Made with Info-ZIP 3.0 `zip -r -fz`: card.json, a 1024² icon "square" listed first, the 832×1216 main icon, a WebP
 * emotion, and `assets/other/image/unlisted-room.jpeg`, which the card does not list. */
const ZIP64_CHARX = readFileSync(new URL('./test/fixtures/zip64-infozip.charx', import.meta.url));

let t: TestApp;
let alice: Caller;
beforeAll(async () => {
  t = await createTestApp();
});
beforeEach(async () => {
  alice = await quickUser(t);
});
afterAll(() => t.close());

const exportOf = (id: string, format: string, who = alice) =>
  t.app.inject({ url: `/api/characters/${id}/export?format=${format}`, headers: who.auth });

async function imported(bytes: Buffer, file: string): Promise<ImportCharacterResponse> {
  const res = await importCard(t, alice, file, bytes, 'application/octet-stream', { rating: 'sfw' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as ImportCharacterResponse;
}

const pixels = async (bytes: Uint8Array) => (await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true })).data;

describe('CharX written as ZIP64', () => {
  it('is read (not "unpacks to 4096 MB"), and a file the card does not list is kept and said', async () => {
    const { character, report } = await imported(ZIP64_CHARX, 'vesna.charx');
    expect(character.name).toBe('Vesna Koval');
    expect(report.warnings.join(' ')).toContain('assets/other/image/unlisted-room.jpeg');
    const back = parseCharx((await exportOf(character.id, 'charx')).rawPayload);
    const unlisted = back.card.assets!.find((a) => a.name === 'unlisted-room');
    expect(unlisted).toMatchObject({ type: 'other', uri: 'embeded://assets/other/image/unlisted-room.jpeg' });
    const file = back.assets.find((a) => a.asset.name === 'unlisted-room')!;
    expect(await sharp(file.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 640, height: 360 });
  });
});

describe('CharX assets keep their pixels', () => {
  it('a 1024² icon listed before the main icon comes back 1024², and the main icon is in the re-export', async () => {
    const source = unzipSync(ZIP64_CHARX);
    const { character } = await imported(ZIP64_CHARX, 'vesna.charx');
    // The portrait is the main icon at its own size.
    const portrait = await t.app.inject({ url: character.avatarUrl! });
    expect(await sharp(portrait.rawPayload).metadata()).toMatchObject({ width: 832, height: 1216 });

    const archive = (await exportOf(character.id, 'charx')).rawPayload;
    const files = unzipSync(archive);
    const back = parseCharx(archive);
    expect(back.card.assets!.filter((a) => a.type === 'icon').map((a) => [a.name, a.uri])).toEqual([
      ['square', 'embeded://assets/icon/images/square.png'],
      ['main', 'embeded://assets/icon/images/main.png'],
    ]);
    for (const path of ['assets/icon/images/square.png', 'assets/icon/images/main.png', 'assets/emotion/images/smile.webp']) {
      const before = await sharp(source[path]!).metadata();
      expect(await sharp(files[path]!).metadata(), path).toMatchObject({ width: before.width, height: before.height });
    }
    // PNG assets are lossless: the very same pixels.
    expect((await pixels(files['assets/icon/images/square.png']!)).equals(await pixels(source['assets/icon/images/square.png']!))).toBe(
      true,
    );
    expect((await pixels(files['assets/icon/images/main.png']!)).equals(await pixels(source['assets/icon/images/main.png']!))).toBe(true);
  });
});

describe('zip-slip: asset names cannot lead out of the archive', () => {
  it('an imported card whose asset paths say ../ exports a .charx with safe entry names only (also for other users)', async () => {
    const card = {
      ...V3_CARD,
      data: {
        ...V3_CARD.data,
        assets: [
          { type: 'icon', uri: 'embeded://../../../../tmp/evil.png', name: '../../main', ext: 'png' },
          { type: '../../x', uri: 'embeded://assets/..\\..\\bg.png', name: 'bg', ext: 'png' },
          { type: 'icon', uri: 'embedded:///etc/passwd', name: 'abs', ext: 'png' },
        ],
      },
    };
    const png = makePng([{ keyword: 'ccv3', text: b64(card) }], { width: 40, height: 60 });
    const { character } = await imported(png, 'evil.png');
    const owner = await exportOf(character.id, 'charx');
    const published = await t.app.inject({
      method: 'PUT',
      url: `/api/characters/${character.id}`,
      headers: alice.auth,
      payload: { visibility: 'public', allowDownload: true },
    });
    expect(published.statusCode, published.body).toBe(200);
    const bob = await quickUser(t);
    const other = await exportOf(character.id, 'charx', bob);
    for (const res of [owner, other]) {
      expect(res.statusCode, res.body).toBe(200);
      const names = Object.keys(unzipSync(res.rawPayload));
      for (const name of names) expect(name, name).toMatch(/^(card\.json|assets(\/[\p{L}\p{N}._ -]+)+)$/u);
      for (const name of names) expect(name.split('/')).not.toContain('..');
      const back = parseCharx(res.rawPayload);
      for (const a of back.card.assets ?? []) expect(a.uri).not.toMatch(/\.\.|embedd?ed:\/\/\//);
    }
  });
});

describe('small fidelity (#46.13)', () => {
  it('keeps character_book: null as null and reads a V3 creation_date written as an ISO date', async () => {
    const { character, report } = await imported(ZIP64_CHARX, 'vesna.charx');
    expect(report.dropped.join(' ')).not.toContain('creation_date');
    for (const format of ['json', 'charx'] as const) {
      const res = await exportOf(character.id, format);
      const data = (format === 'json' ? res.json() : JSON.parse(Buffer.from(unzipSync(res.rawPayload)['card.json']!).toString())).data;
      expect(data.character_book, format).toBeNull();
      expect(data.creation_date, format).toBe(1710408413);
      expect(data.modification_date, format).toBe(1718000000);
    }
  });

  it('an unreadable creation_date is still dropped and said; a card without a lorebook still has none', async () => {
    const card = { ...V3_CARD, data: { ...V3_CARD.data, creation_date: 'last spring', character_book: undefined } };
    const { character, report } = await imported(Buffer.from(JSON.stringify(card)), 'card.json');
    expect(report.dropped.join(' ')).toContain('data.creation_date');
    const data = (await exportOf(character.id, 'json')).json().data;
    expect(data).not.toHaveProperty('character_book');
  });
});
