import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  CARD_LIMITS,
  CardError,
  V2_BACKFILL_NOTE,
  exportCardJson,
  exportCardPng,
  parseCard,
  readPngChunks,
  readPngText,
  cardModerationFields,
  type CardCharacter,
} from './index.ts';
import { checkContent } from '../../modules/moderation/index.ts';
import { SCRIPT_TEXT, V1_CARD, V2_CARD, V3_CARD, b64, chunk, jsonBytes, makePng } from './test/fixtures.ts';

function cardError(fn: () => unknown): CardError {
  try {
    fn();
  } catch (err) {
    if (err instanceof CardError) return err;
    throw err;
  }
  throw new Error('expected a CardError');
}

function textChunksOf(png: Buffer) {
  return readPngText(readPngChunks(png));
}

function decodeChunk(png: Buffer, keyword: string): Record<string, unknown> {
  const entry = textChunksOf(png).find((t) => t.keyword === keyword);
  if (!entry) throw new Error(`no ${keyword} chunk`);
  return JSON.parse(Buffer.from(entry.text, 'base64').toString('utf8'));
}

describe('JSON cards', () => {
  it('maps a V1 card and keeps the application data beside it for export', () => {
    const { card, report, image } = parseCard(jsonBytes(V1_CARD), 'mara.json');
    expect(image).toBeUndefined();
    expect(card).toMatchObject({
      name: 'Captain Mara Venn',
      description: V1_CARD.description,
      personality: V1_CARD.personality,
      scenario: V1_CARD.scenario,
      firstMes: V1_CARD.first_mes,
      mesExample: V1_CARD.mes_example,
      creatorNotes: 'Made for the Skyward campaign.',
      alternateGreetings: [],
      extensions: {},
    });
    expect(report.format).toBe('v1');
    expect(report.source).toBe('json');
    expect(report.mapped).toEqual(['name', 'description', 'personality', 'scenario', 'firstMes', 'mesExample', 'creatorNotes']);
    expect(report.dropped).toEqual([]);
    expect(report.warnings.join(' ')).not.toContain('Not kept');
    expect(card.layout?.topLevelExtras).toMatchObject({ avatar: V1_CARD.avatar, chat: V1_CARD.chat, create_date: V1_CARD.create_date });
  });

  it('reads old Pygmalion field names as V1', () => {
    const { card, report } = parseCard(
      jsonBytes({
        char_name: 'Pip',
        char_persona: 'A tiny robot.',
        char_greeting: 'Beep.',
        world_scenario: 'A lab.',
        example_dialogue: 'Pip: beep',
      }),
      'pip.json',
    );
    expect(report.format).toBe('v1');
    expect(card).toMatchObject({
      name: 'Pip',
      description: 'A tiny robot.',
      firstMes: 'Beep.',
      scenario: 'A lab.',
      mesExample: 'Pip: beep',
    });
  });

  it('maps a V2 card with its lorebook and unknown extensions', () => {
    const { card, report } = parseCard(jsonBytes(V2_CARD), 'ilse.json');
    expect(report.format).toBe('v2');
    expect(card.systemPrompt).toBe('{{original}} Write in a literary, third-person style.');
    expect(card.postHistoryInstructions).toBe('Keep replies under 300 words.');
    expect(card.alternateGreetings).toHaveLength(2);
    expect(card.tags).toEqual(['Mystery', 'Historical', 'Female']);
    expect(card.creator).toBe('lanternworks');
    expect(card.characterVersion).toBe('1.3');
    expect(card.extensions).toEqual(V2_CARD.data.extensions);
    const book = card.characterBook!;
    expect(book).toMatchObject({ name: 'Paris 1925', scan_depth: 4, token_budget: 512, recursive_scanning: false });
    expect(book.extensions).toEqual({ 'sillytavern/book': { vectorized: false } });
    expect(book.entries[0]).toMatchObject({
      keys: ['Vermeer', 'forgery'],
      secondary_keys: ['painting'],
      enabled: true,
      insertion_order: 100,
      case_sensitive: false,
      priority: 10,
      position: 'before_char',
      selective: true,
      probability: 100,
      extensions: { depth: 4, weight: 10, 'agnai/mode': 'smart' },
    });
    expect(book.entries[1]).toMatchObject({ enabled: false, position: 'after_char' });
    // Keys the card left out are not invented.
    expect(book.entries[1]).not.toHaveProperty('use_regex');
    expect(report.mapped).toContain('characterBook');
    expect(report.dropped).toEqual([]);
  });

  it('maps every V3 field and keeps fields from newer editors', () => {
    const { card, report } = parseCard(jsonBytes(V3_CARD), 'orrin.json');
    expect(report.format).toBe('v3');
    expect(card).toMatchObject({
      nickname: 'Orrin',
      groupOnlyGreetings: ['Travellers. More than one, this time.'],
      creatorNotesMultilingual: { en: 'English notes.', fr: 'Notes en français.' },
      source: ['https://example.com/cards/orrin'],
      creationDate: 1714560000,
      modificationDate: 1717238400,
      assets: V3_CARD.data.assets,
      unknownFields: { x_future_field: { note: 'from a newer editor' } },
    });
    expect(card.characterBook!.entries[0]).toMatchObject({ use_regex: true, keys: ['/ninth\\s+gate/i'] });
    expect(report.mapped).toEqual(
      expect.arrayContaining([
        'nickname',
        'groupOnlyGreetings',
        'creatorNotesMultilingual',
        'assets',
        'source',
        'creationDate',
        'unknownFields',
      ]),
    );
    expect(report.warnings.join(' ')).toContain('data.x_future_field');
  });

  it('keeps HTML and script in fields exactly as given', () => {
    const withScript = structuredClone(V2_CARD);
    withScript.data.name = '<b>Ilse</b>';
    withScript.data.first_mes = SCRIPT_TEXT;
    withScript.data.alternate_greetings = [SCRIPT_TEXT];
    withScript.data.character_book.entries[0]!.content = SCRIPT_TEXT;
    const { card } = parseCard(jsonBytes(withScript), 'x.json');
    expect(card.name).toBe('<b>Ilse</b>');
    expect(card.firstMes).toBe(SCRIPT_TEXT);
    expect(card.description.endsWith(SCRIPT_TEXT)).toBe(true);
    const again = parseCard(jsonBytes(exportCardJson(card)), 'x.json').card;
    expect(again.firstMes).toBe(SCRIPT_TEXT);
    expect(again.alternateGreetings).toEqual([SCRIPT_TEXT]);
    expect(again.characterBook!.entries[0]!.content).toBe(SCRIPT_TEXT);
  });

  it('drops values of the wrong type with a warning instead of failing', () => {
    const odd = structuredClone(V2_CARD) as unknown as { data: Record<string, unknown> };
    odd.data.tags = ['ok', 7, 'fine'];
    odd.data.alternate_greetings = 'not a list';
    const { card, report } = parseCard(jsonBytes(odd), 'odd.json');
    expect(card.tags).toEqual(['ok', 'fine']);
    expect(card.alternateGreetings).toEqual([]);
    expect(report.dropped).toEqual(['data.alternate_greetings', 'data.tags[1]']);
  });

  it('treats "__proto__" keys as data', () => {
    const text = '{"spec":"chara_card_v2","data":{"name":"Proto","extensions":{"__proto__":{"polluted":true}}}}';
    const { card } = parseCard(Buffer.from(text), 'p.json');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(card.extensions)).toEqual(['__proto__']);
    const out = JSON.stringify(exportCardJson(card));
    expect(out).toContain('"__proto__":{"polluted":true}');
  });
});

describe('PNG cards', () => {
  it('reads a V2 card from a chara chunk and returns the image without card chunks', () => {
    const png = makePng([
      { keyword: 'Software', text: 'Test painter' },
      { keyword: 'chara', text: b64(V2_CARD) },
    ]);
    const { card, report, image } = parseCard(png, 'ilse.png');
    expect(report).toMatchObject({ format: 'v2', source: 'png' });
    expect(card.name).toBe('Ilse Moreau');
    expect(image).toBeDefined();
    const kept = textChunksOf(image!);
    expect(kept.map((t) => t.keyword)).toEqual(['Software']);
    expect(readPngChunks(image!).map((c) => c.type)).toEqual(['IHDR', 'tEXt', 'IDAT', 'IEND']);
  });

  it('prefers ccv3 over chara when both are present', () => {
    const png = makePng([
      { keyword: 'chara', text: b64(V2_CARD) },
      { keyword: 'ccv3', text: b64(V3_CARD) },
    ]);
    const { card, report } = parseCard(png, 'both.png');
    expect(card.name).toBe('Orrin of the Ninth Gate');
    expect(report.format).toBe('v3');
    expect(report.warnings[0]).toBe('The PNG has both a V3 (ccv3) and a V2 (chara) card; the V3 card was used.');
  });

  it('falls back to chara when ccv3 is unreadable', () => {
    const png = makePng([
      { keyword: 'ccv3', text: '%%% not base64 %%%' },
      { keyword: 'chara', text: b64(V2_CARD) },
    ]);
    const { card, report } = parseCard(png, 'x.png');
    expect(card.name).toBe('Ilse Moreau');
    expect(report.warnings[0]).toMatch(/V3 \(ccv3\) card could not be read .* V2 \(chara\) card was used instead/);
  });

  it('reads cards stored in zTXt and iTXt chunks', () => {
    const z = parseCard(makePng([{ keyword: 'chara', text: b64(V2_CARD), type: 'zTXt' }]), 'z.png');
    expect(z.card.name).toBe('Ilse Moreau');
    const i = parseCard(makePng([{ keyword: 'ccv3', text: b64(V3_CARD), type: 'iTXt' }]), 'i.png');
    expect(i.card.name).toBe('Orrin of the Ninth Gate');
  });

  it('reads non-ASCII text through base64 UTF-8', () => {
    const card = structuredClone(V3_CARD);
    card.data.name = 'Zoë — 花子 🌸';
    expect(parseCard(makePng([{ keyword: 'ccv3', text: b64(card) }]), 'z.png').card.name).toBe('Zoë — 花子 🌸');
  });
});

describe('export', () => {
  const { card: v2 } = parseCard(jsonBytes(V2_CARD), 'ilse.json');

  it('exports a V2 card as the V2 JSON it was, and V3 (with the V1 fields on top) for a card made here', () => {
    expect(exportCardJson(v2)).toEqual(V2_CARD);
    const made: CardCharacter = { ...v2 };
    delete made.layout;
    const out = exportCardJson(made);
    expect(out).toMatchObject({ spec: 'chara_card_v3', spec_version: '3.0', name: 'Ilse Moreau', first_mes: v2.firstMes });
    const data = out.data as Record<string, unknown>;
    for (const key of Object.keys(V2_CARD.data)) expect(data, key).toHaveProperty(key);
    expect(data.group_only_greetings).toEqual([]);
    expect(data.extensions).toEqual(V2_CARD.data.extensions);
  });

  it('writes both chunks into the PNG, replacing earlier card chunks', () => {
    const old = makePng([
      { keyword: 'chara', text: b64({ name: 'Old', description: 'old card' }) },
      { keyword: 'ccv3', text: b64({ spec: 'chara_card_v3', data: { name: 'Old v3' } }), type: 'zTXt' },
      { keyword: 'Comment', text: 'kept' },
    ]);
    const png = exportCardPng(v2, old);
    const keywords = textChunksOf(png).map((t) => t.keyword);
    expect(keywords.sort()).toEqual(['Comment', 'ccv3', 'chara']);
    expect(decodeChunk(png, 'ccv3')).toMatchObject({ spec: 'chara_card_v3', data: { name: 'Ilse Moreau' } });
    const chara = decodeChunk(png, 'chara') as { spec: string; data: Record<string, unknown> };
    expect(chara.spec).toBe('chara_card_v2');
    // A card that came as V2 gets its own V2 back in the chara chunk; a V3 card gets the spec's backfill note.
    expect(chara).toEqual(V2_CARD);
    const v3 = parseCard(jsonBytes(V3_CARD), 'c.json').card;
    const backfill = decodeChunk(exportCardPng(v3, old), 'chara') as { data: Record<string, unknown> };
    expect(backfill.data.creator_notes).toBe(`${V2_BACKFILL_NOTE}\n\n${V3_CARD.data.creator_notes}`);
  });

  it('removes the V2 backfill note again when only the chara chunk is imported', () => {
    const png = exportCardPng(parseCard(jsonBytes(V3_CARD), 'c.json').card, makePng());
    const charaOnly = makePng([{ keyword: 'chara', text: textChunksOf(png).find((t) => t.keyword === 'chara')!.text }]);
    expect(parseCard(charaOnly, 'c.png').card.creatorNotes).toBe(V3_CARD.data.creator_notes);
  });

  it('stores the tagline in extensions.reverie and reads it back', () => {
    const withTagline: CardCharacter = { ...v2, tagline: 'Restorer of lost things' };
    const out = exportCardJson(withTagline);
    expect((out.data as { extensions: Record<string, unknown> }).extensions.reverie).toEqual({ tagline: 'Restorer of lost things' });
    const back = parseCard(jsonBytes(out), 'x.json').card;
    expect(back.tagline).toBe('Restorer of lost things');
    expect(back.extensions).toEqual(v2.extensions);
  });

  it('refuses to write into something that is not a PNG', () => {
    expect(cardError(() => exportCardPng(v2, Buffer.from('GIF89a'))).code).toBe('NOT_PNG');
  });
});

describe('lossless round trip', () => {
  const sources = { v1: V1_CARD, v2: V2_CARD, v3: V3_CARD };
  const withoutLayout = (c: CardCharacter) => ({ ...c, layout: undefined });
  it.each(Object.entries(sources))('%s JSON → export JSON → import gives the same card', (f, source) => {
    const first = parseCard(jsonBytes(source), 'card.json').card;
    const second = parseCard(jsonBytes(exportCardJson(first)), 'card.json');
    expect(withoutLayout(second.card)).toEqual(withoutLayout(first));
    expect(second.report.format).toBe(f === 'v3' ? 'v3' : 'v2');
    expect(second.report.dropped).toEqual([]);
    // V2 and V3 come back exactly as they were; V1 becomes V2 with its own keys on top.
    if (f !== 'v1') expect(exportCardJson(first)).toEqual(source);
    else expect(exportCardJson(first)).toMatchObject({ ...source, spec: 'chara_card_v2' });
  });

  it.each(Object.entries(sources))('%s PNG → export PNG → import gives the same card', (_f, source) => {
    const keyword = source === V3_CARD ? 'ccv3' : 'chara';
    const first = parseCard(makePng([{ keyword, text: b64(source) }]), 'card.png');
    const exported = exportCardPng(first.card, first.image!);
    const second = parseCard(exported, 'card.png');
    expect(withoutLayout(second.card)).toEqual(withoutLayout(first.card));
    const third = parseCard(exportCardPng(second.card, second.image!), 'card.png');
    expect(withoutLayout(third.card)).toEqual(withoutLayout(first.card));
    expect(textChunksOf(exportCardPng(second.card, exported)).filter((t) => t.keyword === 'ccv3')).toHaveLength(1);
  });

  it('keeps the lorebook entries, their unknown keys and every extension', () => {
    const first = parseCard(jsonBytes(V2_CARD), 'c.json').card;
    const again = parseCard(exportCardPng(first, makePng()), 'c.png').card;
    expect(again.characterBook).toEqual(first.characterBook);
    expect(again.characterBook!.entries[0]!.probability).toBe(100);
    expect(again.extensions).toEqual(V2_CARD.data.extensions);
  });
});

describe('malformed files', () => {
  it('refuses files over the size limit before reading them', () => {
    const big = Buffer.alloc(20 * 1024 * 1024, 0x20);
    const err = cardError(() => parseCard(big, 'big.json'));
    expect(err).toMatchObject({ code: 'TOO_LARGE', status: 413, message: 'The file is 20 MB; cards can be at most 10 MB.' });
    expect(cardError(() => parseCard(jsonBytes(V1_CARD), 'c.json', { limits: { maxFileBytes: 100 } })).code).toBe('TOO_LARGE');
  });

  it('says when a PNG has no card in it', () => {
    const err = cardError(() => parseCard(makePng([{ keyword: 'Software', text: 'x' }]), 'plain.png'));
    expect(err.code).toBe('NO_CARD_CHUNK');
    expect(err.message).toMatch(/no character card data/);
  });

  it('says when the chunk is not base64 or not JSON', () => {
    expect(cardError(() => parseCard(makePng([{ keyword: 'chara', text: 'this is ~not~ base64!' }]), 'a.png'))).toMatchObject({
      code: 'BAD_BASE64',
      message: 'The chara chunk is not valid base64, so the card cannot be read.',
    });
    const badJson = cardError(() => parseCard(makePng([{ keyword: 'chara', text: b64('{"name": "Broken",') }]), 'a.png'));
    expect(badJson.code).toBe('BAD_JSON');
    expect(badJson.message).toMatch(/^The chara chunk is not valid JSON/);
    const latin = Buffer.from([0xff, 0xfe, 0x7b]).toString('base64');
    expect(cardError(() => parseCard(makePng([{ keyword: 'chara', text: latin }]), 'a.png')).code).toBe('BAD_BASE64');
    expect(cardError(() => parseCard(Buffer.from('{"name": '), 'a.json')).code).toBe('BAD_JSON');
  });

  it('refuses unknown specs and JSON that is not a card', () => {
    expect(cardError(() => parseCard(jsonBytes({ spec: 'lorebook_v3', data: { entries: [] } }), 'l.json'))).toMatchObject({
      code: 'UNKNOWN_SPEC',
      status: 422,
    });
    expect(cardError(() => parseCard(jsonBytes([1, 2]), 'l.json')).code).toBe('UNKNOWN_SPEC');
    expect(cardError(() => parseCard(jsonBytes({ hello: 'world' }), 'l.json')).code).toBe('UNKNOWN_SPEC');
    expect(cardError(() => parseCard(jsonBytes({ spec: 'chara_card_v2', data: 'nope' }), 'l.json')).code).toBe('INVALID_FIELDS');
  });

  it('refuses files that are not PNG or JSON', () => {
    expect(cardError(() => parseCard(Buffer.from('hello'), 'card.png'))).toMatchObject({ code: 'NOT_PNG', status: 400 });
    expect(cardError(() => parseCard(Buffer.from('PK\x03\x04rest', 'latin1'), 'card.charx')).code).toBe('UNSUPPORTED_FORMAT');
    expect(cardError(() => parseCard(Buffer.from('just text'), 'notes.txt')).code).toBe('UNSUPPORTED_FORMAT');
    expect(cardError(() => parseCard(Buffer.alloc(0), 'empty.json')).code).toBe('UNSUPPORTED_FORMAT');
  });

  it('refuses damaged PNGs (checksum, truncation)', () => {
    const png = makePng([{ keyword: 'chara', text: b64(V2_CARD) }]);
    const flipped = Buffer.from(png);
    flipped[40] = flipped[40]! ^ 0xff;
    expect(cardError(() => parseCard(flipped, 'x.png'))).toMatchObject({ code: 'BAD_PNG' });
    expect(cardError(() => parseCard(png.subarray(0, png.length - 20), 'x.png')).message).toMatch(/cut off/);
    const badCrc = Buffer.concat([png.subarray(0, 33), chunk('tEXt', Buffer.from('chara\0e30='), true), png.subarray(33)]);
    expect(cardError(() => parseCard(badCrc, 'x.png')).message).toBe(
      'The PNG file is damaged (the checksum of the tEXt chunk does not match).',
    );
  });

  it('refuses a PNG bomb by its declared size without decoding pixels', () => {
    const bomb = makePng([{ keyword: 'chara', text: b64(V2_CARD) }], { width: 100_000, height: 100_000 });
    expect(cardError(() => parseCard(bomb, 'bomb.png'))).toMatchObject({
      code: 'TOO_LARGE',
      message: 'The image is 100,000×100,000 pixels; the limit is 8192×8192.',
    });
  });

  it('stops inflating a compressed text chunk at the limit', () => {
    const zeros = zlib.deflateSync(Buffer.alloc(CARD_LIMITS.maxTextBytes + 1024 * 1024, 0x41));
    const ihdrEnd = 33;
    const base = makePng();
    const bomb = Buffer.concat([
      base.subarray(0, ihdrEnd),
      chunk('zTXt', Buffer.concat([Buffer.from('chara\0\0'), zeros])),
      base.subarray(ihdrEnd),
    ]);
    expect(bomb.length).toBeLessThan(64 * 1024);
    const before = process.memoryUsage().rss;
    expect(cardError(() => parseCard(bomb, 'bomb.png'))).toMatchObject({ code: 'TOO_LARGE' });
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  });

  it('bounds the number of chunks and text chunks', () => {
    const many = makePng(Array.from({ length: 70 }, (_, i) => ({ keyword: `k${i}`, text: 'x' })));
    expect(cardError(() => parseCard(many, 'm.png')).message).toBe('The PNG file has more than 64 text chunks.');
    expect(cardError(() => parseCard(many, 'm.png', { limits: { maxChunks: 10 } })).message).toBe('The PNG file has more than 10 chunks.');
  });

  it('lists fields that are too long, missing or contain control characters', () => {
    const bad = structuredClone(V2_CARD) as unknown as { data: Record<string, unknown> };
    bad.data.name = 'N'.repeat(81);
    bad.data.description = 'x'.repeat(64_001);
    bad.data.personality = 'bell\u0007';
    const err = cardError(() => parseCard(jsonBytes(bad), 'b.json'));
    expect(err).toMatchObject({ code: 'INVALID_FIELDS', status: 422 });
    expect(err.issues).toEqual([
      { field: 'name', message: 'name is 81 characters long; the limit is 80.' },
      { field: 'description', message: 'description is 64,001 characters long; the limit is 64,000.' },
      { field: 'personality', message: 'personality contains control characters.' },
    ]);
    expect(err.message).toBe(
      'The card cannot be imported: name is 81 characters long; the limit is 80. description is 64,001 characters long; the limit is 64,000. personality contains control characters.',
    );
    const unnamed = cardError(() => parseCard(jsonBytes({ spec: 'chara_card_v2', data: { name: '  ', description: 'x' } }), 'u.json'));
    expect(unnamed.issues[0]).toEqual({ field: 'name', message: 'The card has no name.' });
  });

  it('refuses extensions nested too deeply without overflowing the stack', () => {
    const deep = '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000);
    const text = `{"spec":"chara_card_v2","data":{"name":"Deep","extensions":${deep}}}`;
    const err = cardError(() => parseCard(Buffer.from(text), 'd.json'));
    expect(err.issues[0]).toEqual({ field: 'extensions', message: 'extensions is nested more than 32 levels deep.' });
  });

  it('bounds lorebook size', () => {
    const card = structuredClone(V3_CARD);
    card.data.character_book.entries = Array.from({ length: 2_001 }, (_, i) => ({
      keys: [`k${i}`],
      content: 'c',
      extensions: {},
      enabled: true,
      insertion_order: i,
      use_regex: false,
      constant: false,
    }));
    expect(cardError(() => parseCard(jsonBytes(card), 'b.json')).issues).toEqual([
      { field: 'characterBook.entries', message: 'The lorebook has 2,001 entries; the limit is 2,000.' },
    ]);
  });
});

describe('lenient reading', () => {
  it('reads a V2-shaped card that lacks "spec"', () => {
    const { card, report } = parseCard(jsonBytes({ data: V2_CARD.data }), 'nospec.json');
    expect(report.format).toBe('v2');
    expect(card.name).toBe('Ilse Moreau');
    expect(report.warnings[0]).toMatch(/no "spec" field/);
  });

  it('reads plain UTF-8 JSON written into a tEXt chunk', () => {
    const raw = Buffer.from(JSON.stringify({ name: 'Zoë', description: 'Café owner' }), 'utf8').toString('latin1');
    const { card, report } = parseCard(makePng([{ keyword: 'chara', text: raw }]), 'raw.png');
    expect(card.name).toBe('Zoë');
    expect(report.warnings[0]).toBe('The chara chunk held plain JSON instead of base64; it was read anyway.');
  });
});

describe('moderation of imported cards', () => {
  it('flattens every text of a card with readable labels', () => {
    const { card } = parseCard(jsonBytes(V2_CARD), 'ilse.json');
    const { fields, labels } = cardModerationFields(card);
    expect(fields['characterBook.entries[0].content']).toBe(V2_CARD.data.character_book.entries[0]!.content);
    expect(fields['characterBook.entries[0].keys']).toBe('Vermeer, forgery, painting');
    expect(labels['alternateGreetings[1]']).toBe('alternate greeting 2');
    expect(checkContent(fields, { surface: 'character', fieldLabels: labels })).toEqual({ allowed: true });
  });

  it('names the lorebook entry that breaks the policy', () => {
    const bad = structuredClone(V2_CARD);
    bad.data.character_book.entries[1]!.content = 'Ilse is actually 15 years old and sleeps naked.';
    const { card } = parseCard(jsonBytes(bad), 'bad.json');
    const { fields, labels } = cardModerationFields(card);
    expect(checkContent(fields, { surface: 'character', fieldLabels: labels })).toEqual({
      allowed: false,
      rule: 'minors-sexual',
      field: 'characterBook.entries[1].content',
      message: 'The lorebook entry 2 was blocked by our policy on sexual content involving minors (rule: minors-sexual).',
      problems: [
        { field: 'characterBook.entries[1].content', rule: 'stated-age-under-18', span: '15 years old', start: 17, end: 29 },
        { field: 'characterBook.entries[1].content', rule: 'sexual-content', span: 'naked', start: 41, end: 46 },
      ],
    });
  });
});
