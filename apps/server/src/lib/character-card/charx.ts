// CharX (Character Card V3's archive form): a zip holding `card.json` and the files its `assets` point at with
// `embeded://path` URIs. Reading is bounded before anything is inflated: the central directory is walked first
// (entry count, declared sizes, compression ratio, names, symlinks), and fflate never writes more than an entry's
// declared size, so a zip that lies about its sizes cannot grow past the bounds either.
import { CARD_BOUNDS } from '@reverie/shared';
import { zipSync, type Zippable } from 'fflate';
import { describeJsonError } from './card.ts';
import { CardError } from './errors.ts';
import { CARD_LIMITS } from './limits.ts';
import { mapCardObject } from './map.ts';
import type { CardAsset, CardCharacter, CardImportReport, JsonObject } from './types.ts';
import { validateCard } from './validate.ts';
import { centralDirectory, readEntry, type CentralEntry } from './zip-reader.ts';

export const CHARX_LIMITS = CARD_BOUNDS.charx;

const ZIP_LOCAL = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

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
  /** The main icon (the portrait), if the archive has one; it is also among `assets`, at `iconIndex`. */
  icon?: Buffer;
  iconIndex?: number;
  /** Every asset with a file in the archive (the icons too), and the files under `assets/` the card did not list. */
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

/**
 * An archive path that stays inside the archive whatever a card wrote (zip-slip): `/`-separated, no empty, `.` or
 * `..` segment, no drive letter or backslash, only letters, digits and `._ -`, always under `assets/`.
 */
export function safeAssetPath(path: string): string {
  const segments = path
    .split(/[\\/]+/)
    .map((seg) => seg.replace(/[^\p{L}\p{N}._ -]/gu, '_').slice(0, 100))
    .filter((seg) => seg !== '' && !/^\.+$/.test(seg));
  if (segments[0] !== 'assets') segments.unshift('assets');
  if (segments.length < 2) segments.push('asset');
  return segments.join('/');
}

/** Rewrites the card's embedded asset URIs that would lead out of an archive; says so in the report. */
export function sanitiseAssetUris(card: CardCharacter, report: CardImportReport): void {
  const changed: string[] = [];
  for (const asset of card.assets ?? []) {
    const path = embeddedPath(asset.uri);
    if (path === undefined || safeAssetPath(path) === path) continue;
    changed.push(path);
    asset.uri = `embeded://${safeAssetPath(path)}`;
  }
  if (changed.length) report.warnings.push(`Asset paths that were not safe inside an archive were rewritten: ${changed.join(', ')}.`);
}

/** Reads a `.charx` (or a JPEG with one appended). Throws CardError with a sentence for anything it refuses. */
export function parseCharx(input: Uint8Array): ParsedCharx {
  if (input.length > CHARX_LIMITS.fileBytes) {
    throw new CardError('TOO_LARGE', `The file is ${mb(input.length)}; a .charx may be at most ${mb(CHARX_LIMITS.fileBytes)}.`);
  }
  const start = isZip(input) ? 0 : zipStart(input);
  const zip = Buffer.from(input.buffer, input.byteOffset + start, input.length - start);
  const listed = centralDirectory(zip, CHARX_LIMITS.entries);
  assertSafeEntries(listed);
  const { files, damaged } = unpack(zip, listed);
  const cardFile = files.get('card.json');
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
  if (damaged.length) report.warnings.push(`Files in the archive that are damaged were left out: ${damaged.join(', ')}.`);
  return { card, report, ...collectAssets(card, files, report) };
}

/** Every file but directories; a damaged entry other than card.json is left out (and named), not fatal. */
function unpack(zip: Buffer, listed: CentralEntry[]): { files: Map<string, Uint8Array>; damaged: string[] } {
  const files = new Map<string, Uint8Array>();
  const damaged: string[] = [];
  for (const e of listed) {
    if (e.name.endsWith('/')) continue;
    try {
      files.set(e.name, readEntry(zip, e));
    } catch (err) {
      if (e.name === 'card.json' || !(err instanceof CardError)) throw err;
      damaged.push(e.name);
    }
  }
  return { files, damaged };
}

/** `assets/emotion/images/smile.webp` → an asset entry: its type is the folder under `assets/`, its name the file's. */
function unlistedAsset(path: string): CardAsset {
  const parts = path.split('/');
  const file = parts[parts.length - 1]!;
  const dot = file.lastIndexOf('.');
  const type = parts.length > 2 && /^[a-z_]{1,40}$/.test(parts[1]!) ? parts[1]! : 'other';
  return {
    type,
    uri: `embeded://${path}`,
    name: dot > 0 ? file.slice(0, dot) : file,
    ext: dot > 0 ? file.slice(dot + 1).toLowerCase() : '',
  };
}

/**
 * The files the card's assets point at (all of them, the icons too: each keeps its own pixels), plus any file under
 * `assets/` the card does not list (added to the card's list, and said); the main icon (or the first icon) is also
 * the portrait.
 */
function collectAssets(
  card: CardCharacter,
  files: Map<string, Uint8Array>,
  report: CardImportReport,
): Omit<ParsedCharx, 'card' | 'report'> {
  const assets: CharxAsset[] = [];
  const notKept: string[] = [];
  const used = new Set<string>();
  (card.assets ?? []).forEach((asset, index) => {
    const path = embeddedPath(asset.uri);
    if (!path) return; // ccdefault:, http(s): and data: URIs carry no file; the entry is kept as it is.
    const bytes = files.get(path);
    if (!bytes) {
      notKept.push(`${asset.type} "${asset.name}" (${path} is not in the archive)`);
      return;
    }
    used.add(path);
    assets.push({ index, asset, bytes: Buffer.from(bytes) });
  });
  if (notKept.length) report.warnings.push(`Assets listed in the card but missing from the archive: ${notKept.join('; ')}.`);
  const unlisted = [...files.keys()].filter((p) => p !== 'card.json' && !used.has(p));
  const extra = unlisted.filter((p) => p.startsWith('assets/'));
  if (extra.length) {
    card.assets ??= [];
    for (const path of extra) {
      const asset = unlistedAsset(path);
      assets.push({ index: card.assets.push(asset) - 1, asset, bytes: Buffer.from(files.get(path)!) });
    }
    report.warnings.push(`Files in the archive that the card does not list were kept as assets: ${extra.join(', ')}.`);
  }
  const other = unlisted.filter((p) => !p.startsWith('assets/'));
  if (other.length) report.dropped.push(...other.map((p) => `file ${p} (not an asset of the card)`));
  // The portrait: the icon named "main", else the first icon.
  const main = assets.find((a) => a.asset.type === 'icon' && a.asset.name === 'main') ?? assets.find((a) => a.asset.type === 'icon');
  return { assets, ...(main ? { icon: main.bytes, iconIndex: main.index } : {}) };
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
