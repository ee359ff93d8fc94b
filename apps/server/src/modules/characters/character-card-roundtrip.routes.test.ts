// The round-trip suite: our own cards of every shape real cards come in are imported through the route, exported in
// every format, and compared with what went in. Differences allowed (docs/character-cards.md, "What an export
// changes"): a V2 card's V3 copies (ccv3 chunk, CharX card.json) gain the keys V3 requires (`group_only_greetings`),
// a V1 card exports as V2, and a CharX `assets` list names the files the archive really holds. Every export is also
// read by a second, independent parser (the specs' schemas, test/spec-schema.ts).
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CharacterProfile, ImportCharacterResponse } from '@reverie/shared';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { parseCharx, readPngChunks, readPngText } from '../../lib/character-card/index.ts';
import { charxBytes } from '../../lib/character-card/test/charx-fixtures.ts';
import { b64, chunk, jsonBytes, V1_CARD, V2_CARD, V3_CARD } from '../../lib/character-card/test/fixtures.ts';
import { assertSpecCard } from '../../lib/character-card/test/spec-schema.ts';
import { importCard, quickUser, type Caller } from './test/helpers.ts';

let t: TestApp;
let alice: Caller;
beforeAll(async () => {
  t = await createTestApp();
});
// Imports are rate-limited per account: each case imports as a new one.
beforeEach(async () => {
  alice = await quickUser(t);
});
afterAll(() => t.close());

type Json = Record<string, unknown>;

async function pngWith(texts: Array<{ keyword: string; value: unknown }>): Promise<Buffer> {
  const png = await sharp({ create: { width: 170, height: 234, channels: 3, background: '#446688' } })
    .png()
    .toBuffer();
  const chunks = readPngChunks(png).map((c) => chunk(c.type, c.data));
  const texted = texts.map((x) =>
    chunk('tEXt', Buffer.concat([Buffer.from(x.keyword, 'latin1'), Buffer.from([0]), Buffer.from(b64(x.value), 'latin1')])),
  );
  return Buffer.concat([png.subarray(0, 8), chunks[0]!, ...texted, ...chunks.slice(1)]);
}

const v2Data = V2_CARD.data as Json;
/** SillyTavern writes V2 with the V1 fields and more repeated at the top level, plus its own application data. */
const TOP_LEVEL_DUPLICATES = {
  name: v2Data.name,
  description: v2Data.description,
  personality: v2Data.personality,
  scenario: v2Data.scenario,
  first_mes: v2Data.first_mes,
  mes_example: v2Data.mes_example,
  creatorcomment: v2Data.creator_notes,
  avatar: 'none',
  chat: 'Ilse Moreau - 2024-06-01@10h00m00s',
  talkativeness: '0.5',
  fav: false,
  tags: v2Data.tags,
  spec: 'chara_card_v2',
  spec_version: '2.0',
  data: V2_CARD.data,
  create_date: '2024-06-01T10:00:00.000Z',
  character_book: v2Data.character_book,
  system_prompt: v2Data.system_prompt,
  extensions: v2Data.extensions,
};

const MULTILINGUAL = {
  spec: 'chara_card_v3',
  spec_version: '3.0',
  data: {
    ...V3_CARD.data,
    name: '林晚晴',
    description: '江南茶馆的老板娘，说话温柔却暗藏锋芒。🍵 Она говорит по-русски. مرحبا',
    first_mes: '客官，请坐。*倒茶*',
    creator_notes_multilingual: { zh: '中文说明', ko: '한국어 설명', en: 'English notes' },
    tags: ['历史', 'SFW'],
  },
};

const HUGE = {
  spec: 'chara_card_v2',
  spec_version: '2.0',
  data: {
    ...V2_CARD.data,
    name: 'The Long Campaign',
    description: 'Lore. '.repeat(2_000), // 12,000
    first_mes: 'Once upon a time. '.repeat(801), // 14,418
    alternate_greetings: ['g'.repeat(60_000)],
    tags: ['Fantasy', 'NSFW'],
    character_book: {
      entries: Array.from({ length: 150 }, (_, i) => ({
        keys: [`place ${i}`],
        content: i === 0 ? 'w'.repeat(19_839) : `Entry ${i}`,
        ...(i % 2 ? { enabled: true } : {}),
      })),
    },
  },
};

interface Source {
  file: string;
  bytes: () => Promise<Buffer>;
  /** What the JSON export must equal. */
  json: Json;
  spec: 'v2' | 'v3';
  /** The rating the importer chooses; '' = the card's own tags give it. */
  rating?: string;
}

const SOURCES: Record<string, Source> = {
  'V1 JSON': {
    file: 'v1.json',
    bytes: async () => jsonBytes(V1_CARD),
    json: V1_CARD as Json,
    spec: 'v2',
  },
  'V2 JSON': { file: 'v2.json', bytes: async () => jsonBytes(V2_CARD), json: V2_CARD, spec: 'v2' },
  'V3 JSON': { file: 'v3.json', bytes: async () => jsonBytes(V3_CARD), json: V3_CARD, spec: 'v3' },
  'V2+V3 PNG': {
    file: 'both.png',
    bytes: () =>
      pngWith([
        { keyword: 'chara', value: V2_CARD },
        { keyword: 'ccv3', value: V3_CARD },
      ]),
    json: V3_CARD,
    spec: 'v3',
  },
  'top-level duplicates': { file: 'st.json', bytes: async () => jsonBytes(TOP_LEVEL_DUPLICATES), json: TOP_LEVEL_DUPLICATES, spec: 'v2' },
  multilingual: { file: 'zh.json', bytes: async () => jsonBytes(MULTILINGUAL), json: MULTILINGUAL, spec: 'v3', rating: '' },
  'huge fields, 150 lorebook entries': { file: 'huge.json', bytes: async () => jsonBytes(HUGE), json: HUGE, spec: 'v2', rating: '' },
  'CharX with assets (120 lorebook entries)': {
    file: 'risu.charx',
    bytes: async () => (await charxBytes()).bytes,
    json: {}, // compared below: the assets list names the files kept
    spec: 'v3',
    rating: '',
  },
};

async function importIt(bytes: Buffer, file: string, rating = 'nsfw'): Promise<ImportCharacterResponse> {
  const res = await importCard(t, alice, file, bytes, 'application/octet-stream', rating ? { rating } : {});
  if (res.statusCode !== 201) throw new Error(`import failed: ${res.statusCode} ${res.body}`);
  return res.json() as ImportCharacterResponse;
}

const exportOf = (id: string, format: string) =>
  t.app.inject({ url: `/api/characters/${id}/export?format=${format}`, headers: alice.auth });

function chunkJson(png: Buffer, keyword: string): Json {
  const entry = readPngText(readPngChunks(png)).find((x) => x.keyword === keyword);
  return JSON.parse(Buffer.from(entry!.text, 'base64').toString('utf8')) as Json;
}

/** What a person or the chat engine reads of a character. */
const essence = (c: CharacterProfile) => ({
  name: c.name,
  description: c.description,
  personality: c.personality,
  scenario: c.scenario,
  greeting: c.greeting,
  alternateGreetings: c.alternateGreetings,
  exampleDialogue: c.exampleDialogue,
  creatorNotes: c.creatorNotes,
  tagNames: c.tagNames,
  definition: c.definition,
});

/** The V3 data a source becomes: its own data, plus what V3 requires and V2 lacks. */
function asV3Data(json: Json): Json {
  const data = (json.data ?? {}) as Json;
  return { ...data, group_only_greetings: data.group_only_greetings ?? [] };
}

describe('round trip: import → export in every format → compare', () => {
  it.each(Object.entries(SOURCES))('%s', async (label, source) => {
    const first = await importIt(await source.bytes(), source.file, source.rating);
    // Only what was really dropped: the CharX's sound file (only pictures are kept).
    expect(first.report.dropped, label).toEqual(label.startsWith('CharX') ? ['asset x-risu-asset "rain" (not a picture)'] : []);
    const id = first.character.id;

    // JSON: the card as it came (V1 becomes V2 with its own keys kept on top).
    const json = (await exportOf(id, 'json')).json() as Json;
    expect(assertSpecCard(json)).toBe(source.spec);
    if (label === 'V1 JSON') expect(json).toMatchObject({ ...V1_CARD, spec: 'chara_card_v2' });
    else if (label.startsWith('CharX')) expect(json).toEqual((await charxBytes()).card);
    else expect(json).toEqual(source.json);

    // PNG: ccv3 is the V3 card; chara is the V2 card as it came (or the V3 spec's backfill of a V3 card).
    const png = (await exportOf(id, 'png')).rawPayload;
    const ccv3 = chunkJson(png, 'ccv3');
    expect(assertSpecCard(ccv3)).toBe('v3');
    expect(assertSpecCard(chunkJson(png, 'chara'))).toBe('v2');
    if (source.spec === 'v2' && label !== 'V1 JSON') {
      expect(ccv3.data).toEqual(asV3Data(source.json));
      expect(chunkJson(png, 'chara')).toEqual(source.json);
    }
    if (source.spec === 'v3' && !label.startsWith('CharX'))
      expect(ccv3).toEqual({ spec: 'chara_card_v3', spec_version: '3.0', data: source.json.data });

    // CharX: card.json is the V3 card; its assets name the files the archive holds.
    const archive = (await exportOf(id, 'charx')).rawPayload;
    const cardJson = JSON.parse(Buffer.from(unzipSync(archive)['card.json']!).toString('utf8')) as Json;
    expect(assertSpecCard(cardJson)).toBe('v3');
    const withoutAssets = (data: unknown) => Object.fromEntries(Object.entries(data as Json).filter(([k]) => k !== 'assets'));
    expect(withoutAssets(cardJson.data)).toEqual(withoutAssets(ccv3.data));
    if (first.character.avatarUrl) expect(parseCharx(archive).icon, 'the portrait travels as the main icon').toBeDefined();

    // Every export imports again to the same character.
    for (const [format, bytes] of [
      ['json', Buffer.from(JSON.stringify(json))],
      ['png', png],
      ['charx', archive],
    ] as const) {
      const again = await importIt(bytes, `again.${format}`, source.rating);
      expect(essence(again.character), `${label} via ${format}`).toEqual(essence(first.character));
    }
  });

  it('CharX: assets are stored, re-encoded, and written back at their paths', async () => {
    const { bytes, card } = await charxBytes();
    const first = await importIt(bytes, 'risu.charx', '');
    expect(first.character.tagNames).toEqual(['fantasy', 'sfw']);
    expect(first.report.dropped).toEqual(['asset x-risu-asset "rain" (not a picture)']);
    // The 170×234 main icon is the portrait at its own size (not cropped to 2:3, not upscaled).
    const portrait = await t.app.inject({ url: first.character.avatarUrl! });
    expect(await sharp(portrait.rawPayload).metadata()).toMatchObject({ width: 170, height: 234 });
    const stored = await t.deps.uow.repos.characterAssets.list(first.character.id);
    expect(stored.map((a) => `${a.type}:${a.name}:${a.ext}`)).toEqual([
      'icon:main:png',
      'icon:alt:webp',
      'background:hall:jpeg',
      'emotion:happy:png',
      'emotion:sad:png',
      'user_icon:me:png',
    ]);
    // Kept in the private folder, which /media does not serve, whatever the character's visibility.
    for (const a of stored) {
      expect(a.url).toMatch(new RegExp(`/images/characters/${first.character.id}/assets/[0-9a-f]{24}\\.${a.ext}$`));
      expect((await t.app.inject({ url: a.url })).statusCode).toBe(404);
    }

    const res = await exportOf(first.character.id, 'charx');
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/\.charx"$/);
    const back = parseCharx(res.rawPayload);
    const assets = back.card.assets!;
    const original = card.data.assets.filter((a) => a.name !== 'rain');
    expect(assets.map((a) => [a.type, a.name])).toEqual(original.map((a) => [a.type, a.name]));
    expect(assets.map((a) => a.uri)).toEqual([
      'embeded://assets/icon/images/main.png',
      'embeded://assets/icon/images/alt.webp',
      'embeded://assets/background/images/hall.jpeg',
      'embeded://assets/emotion/images/happy.png',
      'embeded://assets/emotion/images/sad.png',
      'embeded://assets/user_icon/images/me.png',
      'ccdefault:',
    ]);
    expect(back.assets).toHaveLength(6);
    for (const a of back.assets) expect((await sharp(a.bytes).metadata()).format).toBe(a.asset.ext === 'jpeg' ? 'jpeg' : a.asset.ext);
    expect(await sharp(back.icon!).metadata()).toMatchObject({ format: 'png', width: 170, height: 234 });
    // Everything but the assets list is the card that came in.
    expect(back.card.name).toBe(card.data.name);
    expect(back.card.characterBook!.entries).toEqual(card.data.character_book.entries);
    expect(back.card.extensions).toEqual(card.data.extensions);
  });
});

describe('rating and refused archives', () => {
  it('an unrated card is not forced to NSFW: the importer is asked, or the card’s tags decide', async () => {
    const asked = await importCard(t, alice, 'v1.json', jsonBytes(V1_CARD));
    expect(asked.statusCode).toBe(422);
    expect(asked.json()).toMatchObject({
      error: { details: { rule: 'card-rating-required', field: 'rating' } },
      message: 'This card does not say how explicit it is. Choose its rating (SFW, suggestive or NSFW) and import it again.',
    });
    const chosen = await importIt(jsonBytes(V1_CARD), 'v1.json', 'sfw');
    expect(chosen.character).toMatchObject({ tagNames: ['sfw'], nsfw: false });
    const tagged = await importIt(jsonBytes({ ...V2_CARD, data: { ...V2_CARD.data, tags: ['Explicit', 'Mystery'] } }), 'x.json', '');
    expect(tagged.character).toMatchObject({ nsfw: true });
    expect(tagged.character.tagNames).toContain('nsfw');
    const bad = await importCard(t, alice, 'v1.json', jsonBytes(V1_CARD), 'application/octet-stream', { rating: 'maybe' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/rating must be sfw, suggestive or nsfw/);
  });

  it('refuses a zip bomb and an archive with unsafe paths with a sentence, keeping nothing', async () => {
    const { zip } = await import('../../lib/character-card/test/charx-fixtures.ts');
    const card = Buffer.from(JSON.stringify({ spec: 'chara_card_v3', spec_version: '3.0', data: { name: 'Bomb', tags: ['sfw'] } }));
    const bomb = await importCard(
      t,
      alice,
      'bomb.charx',
      zip({ 'card.json': card, 'assets/x.png': [new Uint8Array(3 * 1024 * 1024), { level: 6 }] }),
    );
    expect(bomb.statusCode).toBe(413);
    expect(bomb.json().message).toBe('The .charx archive is compressed suspiciously well (a "zip bomb"), so it was refused.');
    const evil = await importCard(t, alice, 'evil.charx', zip({ 'card.json': card, '../../etc/x.png': new Uint8Array(4) }));
    expect(evil.statusCode).toBe(400);
    expect(evil.json().message).toMatch(/unsafe path/);
    const mine = await t.app.inject({ url: `/api/users/${alice.user.id}/characters?limit=50`, headers: alice.auth });
    expect((mine.json() as { items: Array<{ name: string }> }).items.map((c) => c.name)).not.toContain('Bomb');
  });

  it('says what is wrong with a broken JSON file in words', async () => {
    const res = await importCard(t, alice, 'broken.json', Buffer.from('{\n  name: "x"\n}'), 'application/json', { rating: 'sfw' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'The file is not valid JSON: it is broken at line 2, column 3. It may have been edited by hand or is not a character card; export the card again from the app it came from.',
    );
  });
});
