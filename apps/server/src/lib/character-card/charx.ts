// CharX (Character Card V3's archive form): a zip holding `card.json` and the files its `assets` point at with
// `embeded://path` URIs. Reading is bounded before anything is inflated: the central directory is walked first
// (entry count, declared sizes, compression ratio, names, symlinks), and fflate never writes more than an entry's
// declared size, so a zip that lies about its sizes cannot grow past the bounds either.
import { CARD_BOUNDS } from '@reverie/shared';
import { unzipSync, zipSync, type Zippable } from 'fflate';
import { describeJsonError } from './card.ts';
import { CardError } from './errors.ts';
import { CARD_LIMITS } from './limits.ts';
import { mapCardObject } from './map.ts';
import type { CardAsset, CardCharacter, CardImportReport, JsonObject } from './types.ts';
import { validateCard } from './validate.ts';

export const CHARX_LIMITS = CARD_BOUNDS.charx;

const ZIP_LOCAL = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const EOCD_SIG = 0x06054b50;
const CEN_SIG = 0x02014b50;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

export interface CharxAsset {
  /** Index in the card's `assets` list. */
  index: number;
  asset: CardAsset;
  /** The file's bytes as they were in the archive (re-encode before storing). */
  bytes: Buffer;
}

export interface ParsedCharx {
  card: CardCharacter;
  report: CardImportReport;
  /** The main icon (the portrait), if the archive has one. */
  icon?: Buffer;
  /** Every other asset with a file in the archive. */
  assets: CharxAsset[];
}

const mb = (n: number) => `${Math.round(n / (1024 * 1024))} MB`;

function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && Buffer.from(bytes.buffer, bytes.byteOffset, 4).equals(ZIP_LOCAL);
}

/** A CharX is a zip; RisuAI also writes it after a JPEG (the picture shows, the zip follows it). */
export function looksLikeCharx(bytes: Uint8Array): boolean {
  return isZip(bytes) || (bytes[0] === 0xff && bytes[1] === 0xd8 && zipStart(bytes) > 0);
}

function zipStart(bytes: Uint8Array): number {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).indexOf(ZIP_LOCAL);
}

interface CentralEntry {
  name: string;
  packed: number;
  unpacked: number;
  symlink: boolean;
}

/** Walks the central directory (the zip's table of contents) without inflating anything. */
function centralDirectory(zip: Buffer): CentralEntry[] {
  const minEocd = 22;
  let eocd = -1;
  for (let i = zip.length - minEocd; i >= Math.max(0, zip.length - minEocd - 0xffff); i--) {
    if (zip.readUInt32LE(i) === EOCD_SIG) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new CardError('BAD_ARCHIVE', 'The .charx file is not a complete zip archive (it may be cut short).');
  const count = zip.readUInt16LE(eocd + 10);
  if (count > CHARX_LIMITS.entries) {
    throw new CardError('TOO_LARGE', `The .charx archive holds ${count} files; the limit is ${CHARX_LIMITS.entries}.`);
  }
  let at = zip.readUInt32LE(eocd + 16);
  const out: CentralEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CEN_SIG) {
      throw new CardError('BAD_ARCHIVE', 'The .charx file is damaged: its list of files cannot be read.');
    }
    const packed = zip.readUInt32LE(at + 20);
    const unpacked = zip.readUInt32LE(at + 24);
    const nameLen = zip.readUInt16LE(at + 28);
    const extraLen = zip.readUInt16LE(at + 30);
    const commentLen = zip.readUInt16LE(at + 32);
    const madeBy = zip.readUInt8(at + 5); // 3 = Unix: the upper 16 bits of the external attributes are the mode
    const mode = zip.readUInt32LE(at + 38) >>> 16;
    const name = zip.subarray(at + 46, at + 46 + nameLen).toString('utf8');
    out.push({ name, packed, unpacked, symlink: madeBy === 3 && (mode & S_IFMT) === S_IFLNK });
    at += 46 + nameLen + extraLen + commentLen;
  }
  return out;
}

function assertSafeEntries(entries: CentralEntry[]): void {
  let total = 0;
  for (const e of entries) {
    const segments = e.name.split('/');
    if (e.name.startsWith('/') || e.name.includes('\\') || /^[A-Za-z]:/.test(e.name) || segments.includes('..') || e.name.includes('\0')) {
      throw new CardError(
        'BAD_ARCHIVE',
        'The .charx archive contains a file with an unsafe path (absolute, or leading out of the archive), so it was refused.',
      );
    }
    if (e.symlink) throw new CardError('BAD_ARCHIVE', 'The .charx archive contains a symbolic link, so it was refused.');
    if (e.unpacked > CHARX_LIMITS.entryBytes) {
      throw new CardError(
        'TOO_LARGE',
        `A file in the .charx archive unpacks to ${mb(e.unpacked)}; each file may be at most ${mb(CHARX_LIMITS.entryBytes)}.`,
      );
    }
    if (e.unpacked > 1024 * 1024 && e.unpacked > e.packed * CHARX_LIMITS.maxRatio) {
      throw new CardError('TOO_LARGE', 'The .charx archive is compressed suspiciously well (a "zip bomb"), so it was refused.');
    }
    total += e.unpacked;
  }
  if (total > CHARX_LIMITS.totalBytes) {
    throw new CardError('TOO_LARGE', `The .charx archive unpacks to ${mb(total)}; the limit is ${mb(CHARX_LIMITS.totalBytes)}.`);
  }
}

/** `embeded://assets/icon/images/1.png` (the spec's spelling) or `embedded://…` → the archive path. */
export function embeddedPath(uri: string): string | undefined {
  const m = /^embedd?ed:\/\/(.+)$/.exec(uri);
  return m ? m[1]!.replace(/^\/+/, '') : undefined;
}

/** Reads a `.charx` (or a JPEG with one appended). Throws CardError with a sentence for anything it refuses. */
export function parseCharx(input: Uint8Array): ParsedCharx {
  if (input.length > CHARX_LIMITS.fileBytes) {
    throw new CardError('TOO_LARGE', `The file is ${mb(input.length)}; a .charx may be at most ${mb(CHARX_LIMITS.fileBytes)}.`);
  }
  const start = isZip(input) ? 0 : zipStart(input);
  const zip = Buffer.from(input.buffer, input.byteOffset + start, input.length - start);
  const listed = centralDirectory(zip);
  assertSafeEntries(listed);
  const bounds = new Map(listed.map((e) => [e.name, e.unpacked]));
  let files: Record<string, Uint8Array>;
  try {
    // Directories and entries the central directory did not list are skipped; sizes were checked above.
    files = unzipSync(zip, { filter: (f) => !f.name.endsWith('/') && bounds.get(f.name) === f.originalSize });
  } catch {
    throw new CardError('BAD_ARCHIVE', 'The .charx file is damaged: its files cannot be unpacked.');
  }
  const cardFile = files['card.json'];
  if (!cardFile) throw new CardError('NO_CARD_CHUNK', 'The .charx archive has no card.json, so there is no character in it.');
  let json: unknown;
  const text = Buffer.from(cardFile).toString('utf8');
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (err) {
    throw new CardError('BAD_JSON', describeJsonError(text, err, 'The card.json in the .charx'));
  }
  const { card, report } = mapCardObject(json, 'json');
  report.source = 'charx';
  validateCard(card, CARD_LIMITS);

  let icon: Buffer | undefined;
  const assets: CharxAsset[] = [];
  const notKept: string[] = [];
  (card.assets ?? []).forEach((asset, index) => {
    const path = embeddedPath(asset.uri);
    if (!path) return; // ccdefault:, http(s): and data: URIs carry no file; the entry is kept as it is.
    const bytes = files[path];
    if (!bytes) {
      notKept.push(`${asset.type} "${asset.name}" (${path} is not in the archive)`);
      return;
    }
    if (asset.type === 'icon' && asset.name === 'main' && !icon) icon = Buffer.from(bytes);
    else assets.push({ index, asset, bytes: Buffer.from(bytes) });
  });
  // No icon named "main": the first icon is the portrait.
  if (!icon) {
    const i = assets.findIndex((a) => a.asset.type === 'icon');
    if (i >= 0) icon = assets.splice(i, 1)[0]!.bytes;
  }
  if (notKept.length) report.warnings.push(`Assets listed in the card but missing from the archive: ${notKept.join('; ')}.`);
  const result: ParsedCharx = { card, report, assets };
  if (icon) result.icon = icon;
  return result;
}

export interface CharxFile {
  /** Where the file goes, under `assets/` (`assets/icon/images/main.png`). */
  path: string;
  bytes: Uint8Array;
}

/** A `.charx`: `card.json` (V3) and the files, stored (images are already compressed). */
export function writeCharx(cardJson: JsonObject, files: CharxFile[]): Buffer {
  const entries: Zippable = { 'card.json': [Buffer.from(JSON.stringify(cardJson), 'utf8'), { level: 6 }] };
  for (const f of files) entries[f.path] = [f.bytes, { level: 0 }];
  return Buffer.from(zipSync(entries));
}
