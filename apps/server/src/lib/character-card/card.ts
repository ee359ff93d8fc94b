import { CardError } from './errors.ts';
import { CARD_LIMITS, type CardLimits } from './limits.ts';
import { V2_BACKFILL_NOTE, mapCardObject, toV3Data } from './map.ts';
import { isPng, pngSize, readPngChunks, readPngText, rewritePngText, type PngText } from './png.ts';
import type { CardCharacter, JsonObject, ParsedCard } from './types.ts';
import { validateCard } from './validate.ts';

export interface CardOptions {
  /** Overrides of CARD_LIMITS, e.g. `{ maxFileBytes: 5 * 1024 * 1024 }`. */
  limits?: Partial<Omit<CardLimits, 'fields'>> & { fields?: Partial<CardLimits['fields']> };
}

const CARD_KEYWORDS = ['chara', 'ccv3'];

function resolveLimits(options?: CardOptions): CardLimits {
  return { ...CARD_LIMITS, ...options?.limits, fields: { ...CARD_LIMITS.fields, ...options?.limits?.fields } };
}

const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(bytes % (1024 * 1024) === 0 ? 0 : 1)} MB`;

/**
 * Where JSON.parse stopped, as "line 3, column 14" (the engine's own message is not shown to people: it names
 * tokens, not the problem). Undefined when the engine gives no position.
 */
function jsonErrorPlace(text: string, err: unknown): string | undefined {
  const m = /position (\d+)/.exec((err as Error).message ?? '');
  if (!m) return undefined;
  const before = text.slice(0, Number(m[1]));
  const line = before.split('\n').length;
  const column = before.length - before.lastIndexOf('\n');
  return `line ${line}, column ${column}`;
}

/** A sentence for a file that is not JSON: empty, cut short, or broken at a place we can name. */
export function describeJsonError(text: string, err: unknown, where: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return `${where} is empty.`;
  if (/unexpected end/i.test((err as Error).message ?? ''))
    return `${where} ends too early: it looks cut short (an incomplete download or copy). Export the card again.`;
  const place = jsonErrorPlace(text, err);
  return `${where} is not valid JSON${place ? `: it is broken at ${place}` : ''}. It may have been edited by hand or is not a character card; export the card again from the app it came from.`;
}

function parseJsonText(text: string, where: string): unknown {
  const clean = text.replace(/^\uFEFF/, '');
  try {
    return JSON.parse(clean);
  } catch (err) {
    throw new CardError('BAD_JSON', describeJsonError(clean, err, where));
  }
}

function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** The JSON inside a `chara`/`ccv3` chunk: base64 of UTF-8 JSON (raw JSON is accepted too, with a warning). */
function decodeChunk(entry: PngText, limits: CardLimits, warnings: string[]): unknown {
  const where = `The ${entry.keyword} chunk`;
  const text = entry.text.trim();
  if (text.startsWith('{')) {
    warnings.push(`${where} held plain JSON instead of base64; it was read anyway.`);
    // tEXt/zTXt are Latin-1 by definition, but writers that skip base64 put UTF-8 bytes there.
    const utf8 = entry.chunkType === 'iTXt' ? text : decodeUtf8(Buffer.from(text, 'latin1'));
    return parseJsonText(utf8 ?? text, where);
  }
  const compact = text.replace(/\s+/g, '');
  if (compact === '' || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(compact) || compact.length % 4 === 1) {
    throw new CardError('BAD_BASE64', `${where} is not valid base64, so the card cannot be read.`);
  }
  const bytes = Buffer.from(compact.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  if (bytes.length > limits.maxJsonBytes) {
    throw new CardError('TOO_LARGE', `${where} holds ${mb(bytes.length)} of card data; the limit is ${mb(limits.maxJsonBytes)}.`);
  }
  const json = decodeUtf8(bytes);
  if (json === undefined) throw new CardError('BAD_BASE64', `${where} does not decode to UTF-8 text.`);
  return parseJsonText(json, where);
}

function parsePng(bytes: Uint8Array, limits: CardLimits): ParsedCard {
  const chunks = readPngChunks(bytes, limits);
  const { width, height } = pngSize(chunks);
  if (width > limits.maxImageWidth || height > limits.maxImageHeight) {
    throw new CardError(
      'TOO_LARGE',
      `The image is ${width.toLocaleString('en-US')}×${height.toLocaleString('en-US')} pixels; the limit is ${limits.maxImageWidth}×${limits.maxImageHeight}.`,
    );
  }
  const texts = readPngText(chunks, limits);
  const find = (k: string) => texts.filter((t) => t.keyword.toLowerCase() === k);
  const [v3, ...moreV3] = find('ccv3');
  const [v2, ...moreV2] = find('chara');
  if (!v3 && !v2) {
    throw new CardError(
      'NO_CARD_CHUNK',
      'The PNG has no character card data in it (no "chara" or "ccv3" text chunk). Some apps remove it when they save an image; export the card again from the app it came from.',
    );
  }
  const warnings: string[] = [];
  if (moreV3.length > 0 || moreV2.length > 0)
    warnings.push('The PNG has more than one card chunk of the same kind; the first one was used.');
  let json: unknown;
  if (v3) {
    try {
      json = decodeChunk(v3, limits, warnings);
      if (v2) warnings.push('The PNG has both a V3 (ccv3) and a V2 (chara) card; the V3 card was used.');
    } catch (err) {
      if (!v2 || !(err instanceof CardError) || err.code === 'TOO_LARGE') throw err;
      warnings.push(`The V3 (ccv3) card could not be read (${err.message}) The V2 (chara) card was used instead.`);
      json = decodeChunk(v2, limits, warnings);
    }
  } else {
    json = decodeChunk(v2!, limits, warnings);
  }
  const { card, report } = mapCardObject(json, 'png');
  report.warnings.unshift(...warnings);
  validateCard(card, limits);
  return { card, report, image: rewritePngText(chunks, [], CARD_KEYWORDS) };
}

function sniffUnsupported(bytes: Uint8Array): string | undefined {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 12));
  if (head.subarray(0, 4).equals(Buffer.from('PK\x03\x04', 'latin1'))) {
    return 'This is a zip archive but not a .charx card (it has no card.json).';
  }
  if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP') {
    return 'WebP cards are not supported; the card formats store their data in PNG or JSON files.';
  }
  if (head[0] === 0xff && head[1] === 0xd8) return 'This JPEG has no character card in it; use the PNG, JSON or .charx file.';
  return undefined;
}

/**
 * Reads a character card from an uploaded file: a PNG with a `ccv3` and/or `chara` chunk, or a JSON card (V1, V2
 * or V3). Throws CardError for anything that is not a readable, valid card.
 */
export function parseCard(input: Uint8Array, filename: string, options?: CardOptions): ParsedCard {
  const limits = resolveLimits(options);
  if (input.length > limits.maxFileBytes) {
    throw new CardError('TOO_LARGE', `The file is ${mb(input.length)}; cards can be at most ${mb(limits.maxFileBytes)}.`);
  }
  if (input.length === 0) throw new CardError('UNSUPPORTED_FORMAT', 'The file is empty.');
  if (isPng(input)) return parsePng(input, limits);
  const unsupported = sniffUnsupported(input);
  if (unsupported) throw new CardError('UNSUPPORTED_FORMAT', unsupported);
  const lower = filename.toLowerCase();
  if (lower.endsWith('.png')) throw new CardError('NOT_PNG', 'The file is named .png but is not a PNG image.');
  const text = decodeUtf8(input);
  const looksJson = text !== undefined && /^\uFEFF?\s*[{[]/.test(text);
  if (!lower.endsWith('.json') && !looksJson) {
    throw new CardError('UNSUPPORTED_FORMAT', 'Upload a character card as a PNG image or a .json file.');
  }
  if (text === undefined) throw new CardError('BAD_JSON', 'The JSON file is not UTF-8 text.');
  if (input.length > limits.maxJsonBytes) {
    throw new CardError('TOO_LARGE', `The JSON file is ${mb(input.length)}; the limit is ${mb(limits.maxJsonBytes)}.`);
  }
  const { card, report } = mapCardObject(parseJsonText(text, 'The file'), 'json');
  validateCard(card, limits);
  return { card, report };
}

const V2_KEYS = [
  'name',
  'description',
  'personality',
  'scenario',
  'first_mes',
  'mes_example',
  'creator_notes',
  'system_prompt',
  'post_history_instructions',
  'alternate_greetings',
  'tags',
  'creator',
  'character_version',
  'extensions',
];
/** The `data` keys each spec requires; anything else is written only when the card has it. */
const REQUIRED: Record<'v2' | 'v3', Set<string>> = {
  v2: new Set(V2_KEYS),
  v3: new Set([...V2_KEYS, 'group_only_greetings']),
};
/** V3 fields a V2 reader does not know (the V2 backfill leaves them out). */
const V3_ONLY = new Set([
  'group_only_greetings',
  'assets',
  'nickname',
  'creator_notes_multilingual',
  'source',
  'creation_date',
  'modification_date',
]);
const V1_TOP = ['name', 'description', 'personality', 'scenario', 'first_mes', 'mes_example'];
const V1_ALIAS_OF: Record<string, string> = {
  char_name: 'name',
  char_persona: 'description',
  world_scenario: 'scenario',
  char_greeting: 'first_mes',
  example_dialogue: 'mes_example',
  creatorcomment: 'creator_notes',
};

/**
 * The `data` object for a spec. An imported card keeps its own keys in its own order and gains only the keys the
 * spec requires; a card made here gets every field.
 */
function dataFor(card: CardCharacter, spec: 'v2' | 'v3'): JsonObject {
  const full = toV3Data(card);
  if (spec === 'v2') for (const k of V3_ONLY) delete full[k];
  const layout = card.layout;
  if (!layout || layout.spec === 'v1') {
    if (!layout) return full;
    return Object.fromEntries(
      Object.entries(full).filter(([k]) => REQUIRED[spec].has(k) || (k === 'character_book' && full[k] !== undefined)),
    );
  }
  const data: JsonObject = {};
  for (const k of layout.dataKeys) if (full[k] !== undefined) data[k] = full[k];
  for (const k of Object.keys(full)) if (!(k in data) && REQUIRED[spec].has(k)) data[k] = full[k];
  return data;
}

/** The top level around `data`: the imported card's own keys in its order, or `spec`, `data` and the V1 fields. */
function wrap(spec: 'v2' | 'v3', data: JsonObject, card: CardCharacter): JsonObject {
  const head = { spec: spec === 'v3' ? 'chara_card_v3' : 'chara_card_v2', spec_version: spec === 'v3' ? '3.0' : '2.0' };
  const layout = card.layout;
  if (!layout) return { ...head, data, ...Object.fromEntries(V1_TOP.map((k) => [k, data[k]])) };
  const out: JsonObject = {};
  const valueOf = (k: string): unknown => {
    if (k === 'spec' || k === 'spec_version') return head[k];
    if (k === 'data') return data;
    if (k in layout.topLevelExtras) return layout.topLevelExtras[k];
    return data[V1_ALIAS_OF[k] ?? k];
  };
  // A V1 card becomes V2 (V1 has no place for a lorebook or extensions): spec and data first, its own keys after.
  const keys = layout.spec === 'v1' ? ['spec', 'spec_version', 'data', ...layout.topLevel] : layout.topLevel;
  for (const k of keys) {
    const v = valueOf(k);
    if (v !== undefined) out[k] = v;
  }
  for (const k of ['spec', 'spec_version', 'data'] as const) if (!(k in out)) out[k] = valueOf(k);
  return out;
}

/**
 * The card as JSON in its own spec: a V2 (or V1) import exports as V2, a V3 import or a card made here as V3.
 * Nothing is added but the fields the spec requires (documented in docs/character-cards.md).
 */
export function exportCardJson(card: CardCharacter): JsonObject {
  const spec = card.layout && card.layout.spec !== 'v3' ? 'v2' : 'v3';
  return wrap(spec, dataFor(card, spec), card);
}

/** The card as V3 (`ccv3` chunk, CharX `card.json`): `spec`, `spec_version` and `data` only. */
export function exportCardV3(card: CardCharacter): JsonObject {
  return { spec: 'chara_card_v3', spec_version: '3.0', data: dataFor(card, 'v3') };
}

/**
 * The V2 card written to the `chara` chunk next to `ccv3`. A card that came as V1/V2 gets its own V2 back; a V3 card
 * gets the backfill the V3 spec asks for (V2 fields and a note in creator_notes).
 */
export function exportCardV2(card: CardCharacter): JsonObject {
  if (card.layout && card.layout.spec !== 'v3') return exportCardJson(card);
  const data = dataFor(card, 'v2');
  data.creator_notes = card.creatorNotes === '' ? V2_BACKFILL_NOTE : `${V2_BACKFILL_NOTE}\n\n${card.creatorNotes}`;
  return { spec: 'chara_card_v2', spec_version: '2.0', data };
}

const base64Json = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64');

/** The PNG with `ccv3` (V3) and `chara` (V2) chunks; earlier card chunks are replaced. */
export function exportCardPng(card: CardCharacter, png: Uint8Array, options?: CardOptions): Buffer {
  const limits = resolveLimits(options);
  const chunks = readPngChunks(png, limits);
  return rewritePngText(
    chunks,
    [
      { keyword: 'chara', text: base64Json(exportCardV2(card)) },
      { keyword: 'ccv3', text: base64Json(exportCardV3(card)) },
    ],
    CARD_KEYWORDS,
  );
}
