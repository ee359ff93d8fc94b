import zlib from 'node:zlib';
import { CardError } from './errors.ts';
import { CARD_LIMITS, type CardLimits } from './limits.ts';

/*
 * Just enough PNG to carry character cards: walk the chunks (checking every CRC), read the text metadata, and
 * write a copy with new text chunks. Pixel data is never decoded, so a decompression bomb in IDAT costs nothing;
 * compressed text (zTXt, compressed iTXt) is inflated with a hard output limit.
 */

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const TEXT_TYPES = new Set(['tEXt', 'zTXt', 'iTXt']);

export interface PngChunk {
  type: string;
  /** A view into the original bytes. */
  data: Buffer;
}

export interface PngText {
  keyword: string;
  text: string;
  chunkType: 'tEXt' | 'zTXt' | 'iTXt';
}

type ChunkLimits = Pick<CardLimits, 'maxChunks' | 'maxTextChunks' | 'maxTextBytes'>;

export function isPng(bytes: Uint8Array): boolean {
  return bytes.length >= 8 && PNG_SIGNATURE.equals(Buffer.from(bytes.buffer, bytes.byteOffset, 8));
}

function crc32(parts: Buffer[]): number {
  let crc = 0;
  for (const p of parts) crc = zlib.crc32(p, crc);
  return crc >>> 0;
}

export function readPngChunks(input: Uint8Array, limits: Pick<CardLimits, 'maxChunks'> = CARD_LIMITS): PngChunk[] {
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  if (!isPng(bytes)) throw new CardError('NOT_PNG', 'The file is not a PNG image.');
  const chunks: PngChunk[] = [];
  let pos = 8;
  for (;;) {
    if (pos + 12 > bytes.length) throw new CardError('BAD_PNG', 'The PNG file is cut off (it has no end marker).');
    const length = bytes.readUInt32BE(pos);
    const typeBytes = bytes.subarray(pos + 4, pos + 8);
    const type = typeBytes.toString('latin1');
    if (!/^[A-Za-z]{4}$/.test(type)) throw new CardError('BAD_PNG', 'The PNG file is damaged (a chunk has an invalid type).');
    if (length > 0x7fffffff || pos + 12 + length > bytes.length) {
      throw new CardError('BAD_PNG', `The PNG file is cut off or damaged (the ${type} chunk runs past the end of the file).`);
    }
    const data = bytes.subarray(pos + 8, pos + 8 + length);
    if (crc32([typeBytes, data]) !== bytes.readUInt32BE(pos + 8 + length)) {
      throw new CardError('BAD_PNG', `The PNG file is damaged (the checksum of the ${type} chunk does not match).`);
    }
    if (chunks.length === 0 && type !== 'IHDR')
      throw new CardError('BAD_PNG', 'The PNG file is damaged (it does not start with a header chunk).');
    chunks.push({ type, data });
    if (chunks.length > limits.maxChunks) {
      throw new CardError('TOO_LARGE', `The PNG file has more than ${limits.maxChunks.toLocaleString('en-US')} chunks.`);
    }
    pos += 12 + length;
    if (type === 'IEND') return chunks;
  }
}

export function pngSize(chunks: PngChunk[]): { width: number; height: number } {
  const ihdr = chunks[0];
  if (!ihdr || ihdr.type !== 'IHDR' || ihdr.data.length !== 13) throw new CardError('BAD_PNG', 'The PNG file has a damaged header.');
  return { width: ihdr.data.readUInt32BE(0), height: ihdr.data.readUInt32BE(4) };
}

function inflateBounded(data: Buffer, budget: number): Buffer {
  try {
    return zlib.inflateSync(data, { maxOutputLength: Math.max(1, budget) });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' || err instanceof RangeError) {
      throw new CardError('TOO_LARGE', 'A compressed text chunk in the PNG expands to more data than allowed.');
    }
    throw new CardError('BAD_PNG', 'A compressed text chunk in the PNG is damaged.');
  }
}

function splitKeyword(data: Buffer): { keyword: string; rest: Buffer } | undefined {
  const nul = data.indexOf(0);
  if (nul < 1 || nul > 79) return undefined;
  return { keyword: data.subarray(0, nul).toString('latin1'), rest: data.subarray(nul + 1) };
}

/** Decodes the text metadata chunks, bounded in number and in total decoded size. Malformed text chunks are skipped. */
export function readPngText(chunks: PngChunk[], limits: ChunkLimits = CARD_LIMITS): PngText[] {
  const texts: PngText[] = [];
  let budget = limits.maxTextBytes;
  for (const chunk of chunks) {
    if (!TEXT_TYPES.has(chunk.type)) continue;
    if (texts.length >= limits.maxTextChunks) {
      throw new CardError('TOO_LARGE', `The PNG file has more than ${limits.maxTextChunks} text chunks.`);
    }
    const parts = splitKeyword(chunk.data);
    if (!parts) continue;
    let raw: Buffer;
    let encoding: 'latin1' | 'utf8' = 'latin1';
    if (chunk.type === 'tEXt') {
      raw = parts.rest;
    } else if (chunk.type === 'zTXt') {
      if (parts.rest[0] !== 0) continue;
      raw = inflateBounded(parts.rest.subarray(1), budget);
    } else {
      const compressed = parts.rest[0] === 1;
      const afterFlags = parts.rest.subarray(2);
      const langEnd = afterFlags.indexOf(0);
      const translatedEnd = langEnd < 0 ? -1 : afterFlags.indexOf(0, langEnd + 1);
      if (translatedEnd < 0 || (compressed && parts.rest[1] !== 0)) continue;
      const body = afterFlags.subarray(translatedEnd + 1);
      raw = compressed ? inflateBounded(body, budget) : body;
      encoding = 'utf8';
    }
    budget -= raw.length;
    if (budget < 0) throw new CardError('TOO_LARGE', 'The text stored in the PNG is larger than allowed.');
    texts.push({ keyword: parts.keyword, text: raw.toString(encoding), chunkType: chunk.type as PngText['chunkType'] });
  }
  return texts;
}

export function encodeChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32([head.subarray(4, 8), data]), 0);
  return Buffer.concat([head, data, crc]);
}

/** A tEXt chunk. The text must be Latin-1; cards put base64 (ASCII) here. */
export function textChunk(keyword: string, text: string): Buffer {
  if (!/^[\x20-\x7e]{1,79}$/.test(keyword)) throw new Error(`Invalid PNG text keyword: ${keyword}`);
  return encodeChunk('tEXt', Buffer.concat([Buffer.from(keyword, 'latin1'), Buffer.from([0]), Buffer.from(text, 'latin1')]));
}

/**
 * Copies a PNG, dropping text chunks whose keyword is in `removeKeywords` (any case, any text chunk type) and
 * inserting `add` right after the header.
 */
export function rewritePngText(chunks: PngChunk[], add: { keyword: string; text: string }[], removeKeywords: string[]): Buffer {
  const remove = new Set(removeKeywords.map((k) => k.toLowerCase()));
  const out: Buffer[] = [PNG_SIGNATURE];
  for (const chunk of chunks) {
    if (TEXT_TYPES.has(chunk.type)) {
      const keyword = splitKeyword(chunk.data)?.keyword.toLowerCase();
      if (keyword !== undefined && remove.has(keyword)) continue;
    }
    out.push(encodeChunk(chunk.type, chunk.data));
    if (chunk.type === 'IHDR') for (const t of add) out.push(textChunk(t.keyword, t.text));
  }
  return Buffer.concat(out);
}
