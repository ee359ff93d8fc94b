import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CharacterProfile, ImportCharacterResponse } from '@reverie/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { parseCard, readPngChunks, readPngText } from '../../lib/character-card/index.ts';
import { b64, chunk, jsonBytes, makePng, SCRIPT_TEXT, V1_CARD, V2_CARD, V3_CARD } from '../../lib/character-card/test/fixtures.ts';
import { created, importCard, ownCount, quickUser, type Caller } from './test/helpers.ts';

let t: TestApp;
let alice: Caller;
let bob: Caller;
beforeAll(async () => {
  t = await createTestApp();
  [alice, bob] = await Promise.all([quickUser(t), quickUser(t)]);
});
afterAll(() => t.close());

const get = (url: string, who?: Caller) => t.app.inject({ url, headers: who?.auth });
const exportOf = (id: string, format: 'png' | 'json' | 'charx', who?: Caller) => get(`/api/characters/${id}/export?format=${format}`, who);

/** A portrait-sized PNG (not the 4×6 test gradient) carrying card chunks. */
async function portraitPng(texts: Array<{ keyword: string; text: string }>): Promise<Buffer> {
  const png = await sharp({ create: { width: 400, height: 600, channels: 3, background: '#aa3355' } })
    .png()
    .toBuffer();
  const chunks = readPngChunks(png);
  const encoded = chunks.map((c) => chunk(c.type, c.data));
  const texted = texts.map((x) =>
    chunk('tEXt', Buffer.concat([Buffer.from(x.keyword, 'latin1'), Buffer.from([0]), Buffer.from(x.text, 'latin1')])),
  );
  return Buffer.concat([png.subarray(0, 8), encoded[0]!, ...texted, ...encoded.slice(1)]);
}

/** Imports as the importer who chose "NSFW" for a card whose tags give no rating (the web asks; tests choose). */
async function imported(who: Caller, filename: string, bytes: Buffer, rating = 'nsfw'): Promise<ImportCharacterResponse> {
  const res = await importCard(t, who, filename, bytes, 'application/octet-stream', rating ? { rating } : {});
  if (res.statusCode !== 201) throw new Error(`import failed: ${res.statusCode} ${res.body}`);
  return res.json() as ImportCharacterResponse;
}

/** What must survive a round trip: every field a person or the chat engine reads, the lorebook and the extensions. */
function essence(c: CharacterProfile) {
  return {
    name: c.name,
    persona: c.persona,
    description: c.description,
    personality: c.personality,
    scenario: c.scenario,
    greeting: c.greeting,
    alternateGreetings: c.alternateGreetings,
    exampleDialogue: c.exampleDialogue,
    creatorNotes: c.creatorNotes,
    tagNames: c.tagNames,
    nsfw: c.nsfw,
    definition: c.definition,
  };
}

describe('POST /api/characters/import', () => {
  it('imports a V1 card as a private character and reports what it dropped', async () => {
    const { character, report } = await imported(alice, 'mara.json', jsonBytes(V1_CARD));
    expect(character).toMatchObject({
      name: 'Captain Mara Venn',
      visibility: 'private',
      isOwner: true,
      greeting: V1_CARD.first_mes,
      exampleDialogue: V1_CARD.mes_example,
      creatorNotes: 'Made for the Skyward campaign.',
      avatarUrl: null,
      tagNames: ['nsfw'],
      nsfw: true,
    });
    expect(report).toMatchObject({ format: 'v1', source: 'json' });
    expect(report.mapped).toEqual(expect.arrayContaining(['name', 'description', 'personality', 'scenario', 'firstMes', 'mesExample']));
    // SillyTavern's application data beside the card is kept for export, so the report drops nothing.
    expect(report.dropped).toEqual([]);
    expect(report.warnings.join(' ')).not.toMatch(/Not kept/);
    expect((await get(`/api/characters/${character.id}`, bob)).statusCode).toBe(404);
  });

  it('imports a V2 JSON card with its lorebook, unknown extensions and known tags; script stays text', async () => {
    const { character, report } = await imported(alice, 'ilse.json', jsonBytes(V2_CARD));
    expect(report).toMatchObject({ format: 'v2', source: 'json' });
    expect(character.description).toBe(V2_CARD.data.description);
    expect(character.description).toContain(SCRIPT_TEXT);
    expect(character.tagNames).toEqual(['mystery', 'female', 'nsfw']);
    expect(report.warnings).toContain('Tags that are not Reverie tags were kept in the card for export: Historical.');
    const def = character.definition!;
    expect(def.systemPrompt).toBe(V2_CARD.data.system_prompt);
    expect(def.extensions).toEqual(V2_CARD.data.extensions);
    expect(def.characterBook).toMatchObject({
      name: 'Paris 1925',
      scanDepth: 4,
      tokenBudget: 512,
      extensions: { 'sillytavern/book': { vectorized: false } },
    });
    expect(def.characterBook!.entries).toHaveLength(2);
    expect(def.characterBook!.entries[0]).toMatchObject({
      keys: ['Vermeer', 'forgery'],
      insertionOrder: 100,
      caseSensitive: false,
      secondaryKeys: ['painting'],
      position: 'before_char',
      probability: 100,
      extensions: { depth: 4, weight: 10, 'agnai/mode': 'smart' },
    });
  });

  it('imports a PNG: the picture becomes the portrait, without the card chunks', async () => {
    const png = await portraitPng([{ keyword: 'chara', text: b64(V2_CARD) }]);
    const { character, report } = await imported(alice, 'ilse.png', png);
    expect(report).toMatchObject({ format: 'v2', source: 'png' });
    expect(character.name).toBe('Ilse Moreau');
    const portrait = (await get(character.avatarUrl!)).rawPayload;
    // Its own size and aspect: not cropped to 2:3, not scaled up.
    expect(await sharp(portrait).metadata()).toMatchObject({ format: 'webp', width: 400, height: 600 });
    expect(await sharp((await get(character.thumbnailUrl!)).rawPayload).metadata()).toMatchObject({ width: 384, height: 384 });
  });

  it('prefers the ccv3 chunk when a PNG has both', async () => {
    const png = await portraitPng([
      { keyword: 'chara', text: b64(V2_CARD) },
      { keyword: 'ccv3', text: b64(V3_CARD) },
    ]);
    const { character, report } = await imported(alice, 'both.png', png);
    expect(character.name).toBe('Orrin of the Ninth Gate');
    expect(report).toMatchObject({ format: 'v3', source: 'png' });
    expect(report.warnings).toContain('The PNG has both a V3 (ccv3) and a V2 (chara) card; the V3 card was used.');
  });

  it.each([
    ['a PNG without a card chunk', 'plain.png', () => makePng(), 422, /no character card data in it/],
    ['bad base64', 'bad.png', () => makePng([{ keyword: 'chara', text: '%%%not base64%%%' }]), 400, /not valid base64/],
    [
      'bad JSON in the chunk',
      'bad.png',
      () => makePng([{ keyword: 'chara', text: b64('{"spec": "chara_card_v2", ') }]),
      400,
      /not valid JSON/,
    ],
    ['a broken JSON file', 'broken.json', () => Buffer.from('{ "name": "Half'), 400, /not valid JSON/],
    [
      'an unknown spec',
      'x.json',
      () => jsonBytes({ spec: 'chara_card_v9', data: { name: 'X' } }),
      422,
      /format "chara_card_v9", which is not supported/,
    ],
    ['a JSON file that is no card', 'x.json', () => jsonBytes({ hello: 'world' }), 422, /does not look like a character card/],
    ['a text file', 'notes.txt', () => Buffer.from('just some notes'), 400, /PNG image or a \.json file/],
    ['a JPEG', 'photo.jpg', () => Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70]), 400, /This JPEG has no character card/],
    ['a 20 MB file', 'huge.png', () => Buffer.alloc(20 * 1024 * 1024, 1), 413, /The file is 20 MB; cards can be at most 10 MB/],
    [
      'a PNG bomb (100,000 × 100,000 pixels declared)',
      'bomb.png',
      () => makePng([{ keyword: 'chara', text: b64(V2_CARD) }], { width: 100_000, height: 100_000 }),
      413,
      /the limit is 8192×8192/,
    ],
    [
      'a compressed text bomb',
      'ztxt.png',
      // 64 MB of text deflated into a few kilobytes, right after the header (8-byte signature + 25-byte IHDR).
      () =>
        Buffer.concat([
          makePng().subarray(0, 33),
          chunk('zTXt', Buffer.concat([Buffer.from('chara\0\0', 'latin1'), zlib.deflateSync(Buffer.alloc(64 * 1024 * 1024, 65))])),
          makePng().subarray(33),
        ]),
      413,
      /expands to more data than allowed/,
    ],
    [
      'a card with no name',
      'x.json',
      () => jsonBytes({ spec: 'chara_card_v2', data: { ...V2_CARD.data, name: '' } }),
      422,
      /The card has no name/,
    ],
  ])('refuses %s with a message that says what is wrong, creating nothing', async (_label, filename, bytes, status, message) => {
    const before = await ownCount(t, bob);
    const res = await importCard(t, bob, filename, bytes(), 'application/octet-stream', { rating: 'nsfw' });
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toMatch(message);
    expect(await ownCount(t, bob)).toBe(before);
  });

  it('refuses a PNG whose pixels cannot be read without keeping anything', async () => {
    const before = await ownCount(t, bob);
    // Valid chunks and card, but the image data is not a zlib stream.
    const png = makePng([{ keyword: 'chara', text: b64(V2_CARD) }]);
    const at = png.indexOf('IDAT', 0, 'latin1');
    const broken = Buffer.concat([
      png.subarray(0, at - 4),
      chunk('IDAT', Buffer.from('not pixels')),
      png.subarray(png.indexOf('IEND', 0, 'latin1') - 4),
    ]);
    const res = await importCard(t, bob, 'broken.png', broken, 'application/octet-stream', { rating: 'nsfw' });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(/not an image we can read/);
    expect(await ownCount(t, bob)).toBe(before);
  });

  it('needs a session and a file in the field "file"', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/characters/import', payload: { file: 'x' } })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/characters/import', headers: alice.auth, payload: { file: 'x' } })).statusCode,
    ).toBe(415);
  });
});

describe('GET /api/characters/:id/export', () => {
  it('writes the V3 card back exactly as it was imported, as an attachment', async () => {
    const { character } = await imported(alice, 'orrin.json', jsonBytes(V3_CARD));
    const res = await exportOf(character.id, 'json', alice);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="orrin-of-the-ninth-gate.json"');
    const card = res.json();
    expect(card).toEqual(V3_CARD);
    expect(card.data).toMatchObject({
      nickname: 'Orrin',
      group_only_greetings: V3_CARD.data.group_only_greetings,
      creator_notes_multilingual: V3_CARD.data.creator_notes_multilingual,
      assets: V3_CARD.data.assets,
      source: V3_CARD.data.source,
      creation_date: V3_CARD.data.creation_date,
      modification_date: V3_CARD.data.modification_date,
      x_future_field: V3_CARD.data.x_future_field,
      extensions: V3_CARD.data.extensions,
      creator: 'gatewright',
      character_version: '2.0',
      // No "nsfw" appended: the rating the importer chose lives in Reverie, not in the card.
      tags: V3_CARD.data.tags,
    });
    expect(card.data.character_book.entries[0]).toMatchObject({ use_regex: true, insertion_order: 1, keys: ['/ninth\\s+gate/i'] });
  });

  it('writes the portrait as a PNG with both ccv3 and chara chunks', async () => {
    const png = await portraitPng([{ keyword: 'chara', text: b64(V2_CARD) }]);
    const { character } = await imported(alice, 'ilse.png', png);
    const res = await exportOf(character.id, 'png', alice);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'png', width: 400, height: 600 });
    const keywords = readPngText(readPngChunks(res.rawPayload)).map((x) => x.keyword);
    expect(keywords.sort()).toEqual(['ccv3', 'chara']);
    const v3 = parseCard(res.rawPayload, 'x.png');
    expect(v3.report.format).toBe('v3');
    const chara = readPngText(readPngChunks(res.rawPayload)).find((x) => x.keyword === 'chara')!;
    expect(JSON.parse(Buffer.from(chara.text, 'base64').toString('utf8'))).toMatchObject({
      spec: 'chara_card_v2',
      data: { name: 'Ilse Moreau' },
    });
  });

  it('exports a character without a portrait as a plain 2:3 PNG, and one made in Reverie with its creator', async () => {
    const c = await created(t, alice, { name: 'No Picture', tagline: 'Only words', tags: ['male', 'mystery', 'sfw'] });
    const res = await exportOf(c.id, 'png', alice);
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ width: 384, height: 576 });
    const card = parseCard(res.rawPayload, 'x.png').card;
    expect(card).toMatchObject({
      name: 'No Picture',
      tagline: 'Only words',
      tags: ['male', 'mystery', 'sfw'],
      creator: expect.stringMatching(/^maker/),
    });
  });

  it('is for the owner, or anyone when the character is public and its creator allows downloads', async () => {
    const c = await created(t, alice, { visibility: 'public' });
    expect((await exportOf(c.id, 'json', alice)).statusCode).toBe(200);
    const refused = await exportOf(c.id, 'json', bob);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("This character's creator does not allow downloads of it.");
    await t.app.inject({ method: 'PUT', url: `/api/characters/${c.id}`, headers: alice.auth, payload: { allowDownload: true } });
    expect((await exportOf(c.id, 'json', bob)).statusCode).toBe(200);
    expect((await exportOf(c.id, 'png')).statusCode).toBe(200);
    // Unlisted: visible by link, but not downloadable by others even when allowed; private: not there at all.
    await t.app.inject({ method: 'PUT', url: `/api/characters/${c.id}`, headers: alice.auth, payload: { visibility: 'unlisted' } });
    expect((await exportOf(c.id, 'json', bob)).statusCode).toBe(403);
    await t.app.inject({ method: 'PUT', url: `/api/characters/${c.id}`, headers: alice.auth, payload: { visibility: 'private' } });
    expect((await exportOf(c.id, 'json', bob)).statusCode).toBe(404);
    expect((await exportOf(c.id, 'json', await quickUser(t, 'admin'))).statusCode).toBe(200);
    expect((await get(`/api/characters/${c.id}/export?format=gif`, alice)).json().message).toMatch(/format must be png, json or charx/);
  });
});

describe('round trip', () => {
  it.each([
    ['V2 JSON', 'ilse.json', () => jsonBytes(V2_CARD)],
    ['V3 JSON', 'orrin.json', () => jsonBytes(V3_CARD)],
    ['V1 JSON', 'mara.json', () => jsonBytes(V1_CARD)],
  ])('%s: import → export → import keeps every field, lorebook entry and extension', async (_label, filename, bytes) => {
    const first = (await imported(alice, filename, bytes())).character;
    const exported = await exportOf(first.id, 'json', alice);
    const second = (await imported(alice, 'again.json', exported.rawPayload)).character;
    expect(essence(second)).toEqual(essence(first));
    // And the card itself comes out the same the second time.
    const again = await exportOf(second.id, 'json', alice);
    expect(again.json()).toEqual(exported.json());
  });

  it('PNG: import → export → import keeps the fields and the portrait', async () => {
    const png = await portraitPng([{ keyword: 'ccv3', text: b64(V3_CARD) }]);
    const first = (await imported(alice, 'orrin.png', png)).character;
    const exported = await exportOf(first.id, 'png', alice);
    const second = (await imported(alice, 'orrin-again.png', exported.rawPayload)).character;
    expect(essence(second)).toEqual(essence(first));
    expect(second.avatarUrl).not.toBeNull();
    expect((await exportOf(second.id, 'json', alice)).json().data).toEqual((await exportOf(first.id, 'json', alice)).json().data);
  });

  it('an edited character exports its edits (and its tags as they are now)', async () => {
    const { character } = await imported(alice, 'ilse.json', jsonBytes(V2_CARD));
    await t.app.inject({
      method: 'PUT',
      url: `/api/characters/${character.id}`,
      headers: alice.auth,
      payload: { description: 'Rewritten.', tags: ['female', 'romance', 'suggestive'] },
    });
    const card = (await exportOf(character.id, 'json', alice)).json();
    expect(card.data.description).toBe('Rewritten.');
    expect(card.data.tags).toEqual(['Historical', 'Female', 'romance', 'suggestive']);
    expect(card.data.character_book.entries).toHaveLength(2);
  });
});
