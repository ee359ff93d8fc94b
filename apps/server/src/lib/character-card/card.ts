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

function parseJsonText(text: string, where: string): unknown {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (err) {
    throw new CardError('BAD_JSON', `${where} is not valid JSON (${(err as Error).message}).`);
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
    return 'CHARX and other ZIP files are not supported yet; export the card as PNG or JSON.';
  }
  if (head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP') {
    return 'WebP cards are not supported; the card formats store their data in PNG or JSON files.';
  }
  if (head[0] === 0xff && head[1] === 0xd8) return 'JPEG images cannot hold a character card; use the PNG or JSON file.';
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

/** The card as V3 JSON, with the V1 fields repeated at the top level for older readers. */
export function exportCardJson(card: CardCharacter): JsonObject {
  const data = toV3Data(card);
  return {
    spec: 'chara_card_v3',
    spec_version: '3.0',
    data,
    name: card.name,
    description: card.description,
    personality: card.personality,
    scenario: card.scenario,
    first_mes: card.firstMes,
    mes_example: card.mesExample,
  };
}

/** The V2 card written to the `chara` chunk next to `ccv3`, as the V3 spec asks for backfills. */
export function exportCardV2(card: CardCharacter): JsonObject {
  const v3 = toV3Data(card);
  const data: JsonObject = {
    name: v3.name,
    description: v3.description,
    personality: v3.personality,
    scenario: v3.scenario,
    first_mes: v3.first_mes,
    mes_example: v3.mes_example,
    creator_notes: card.creatorNotes === '' ? V2_BACKFILL_NOTE : `${V2_BACKFILL_NOTE}\n\n${card.creatorNotes}`,
    system_prompt: v3.system_prompt,
    post_history_instructions: v3.post_history_instructions,
    alternate_greetings: v3.alternate_greetings,
    tags: v3.tags,
    creator: v3.creator,
    character_version: v3.character_version,
    extensions: v3.extensions,
  };
  if (v3.character_book !== undefined) data.character_book = v3.character_book;
  return { spec: 'chara_card_v2', spec_version: '2.0', data };
}

const base64Json = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64');

/** The PNG with `ccv3` (V3) and `chara` (V2) chunks; earlier card chunks are replaced. */
export function exportCardPng(card: CardCharacter, png: Uint8Array, options?: CardOptions): Buffer {
  const limits = resolveLimits(options);
  const chunks = readPngChunks(png, limits);
  const { spec, spec_version, data } = exportCardJson(card);
  return rewritePngText(
    chunks,
    [
      { keyword: 'chara', text: base64Json(exportCardV2(card)) },
      { keyword: 'ccv3', text: base64Json({ spec, spec_version, data }) },
    ],
    CARD_KEYWORDS,
  );
}
