// A bounded zip reader for CharX archives: the central directory (the zip's table of contents) is walked first, with
// ZIP64 read as the format says (the ZIP64 end record when the classic one says 0xFFFF/0xFFFFFFFF, and each entry's
// ZIP64 extra field for sizes and offsets given as 0xFFFFFFFF), so that the caller can check every declared size
// before anything is inflated. Entries are then inflated one by one, never past their declared size, and their
// CRC-32 is checked.
import zlib from 'node:zlib';
import { inflateSync } from 'fflate';
import { CardError } from './errors.ts';

const EOCD_SIG = 0x06054b50;
const ZIP64_LOCATOR_SIG = 0x07064b50;
const ZIP64_EOCD_SIG = 0x06064b50;
const CEN_SIG = 0x02014b50;
const LOC_SIG = 0x04034b50;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const MAX32 = 0xffffffff;

export interface CentralEntry {
  name: string;
  packed: number;
  unpacked: number;
  symlink: boolean;
  method: number;
  crc: number;
  encrypted: boolean;
  localOffset: number;
}

const damaged = () => new CardError('BAD_ARCHIVE', 'The .charx file is damaged: its list of files cannot be read.');

function u64(zip: Buffer, at: number): number {
  if (at + 8 > zip.length) throw damaged();
  const v = zip.readBigUInt64LE(at);
  if (v > BigInt(Number.MAX_SAFE_INTEGER)) throw damaged();
  return Number(v);
}

/** The end of central directory: where the list starts and how many entries it has (ZIP64-aware). */
function endRecord(zip: Buffer): { count: number; start: number } {
  const minEocd = 22;
  for (let i = zip.length - minEocd; i >= Math.max(0, zip.length - minEocd - 0xffff); i--) {
    if (zip.readUInt32LE(i) !== EOCD_SIG) continue;
    let count = zip.readUInt16LE(i + 10);
    let start = zip.readUInt32LE(i + 16);
    const locator = i - 20;
    if ((count === 0xffff || start === MAX32) && locator >= 0 && zip.readUInt32LE(locator) === ZIP64_LOCATOR_SIG) {
      const at = u64(zip, locator + 8);
      if (at + 56 > zip.length || zip.readUInt32LE(at) !== ZIP64_EOCD_SIG) throw damaged();
      count = u64(zip, at + 32);
      start = u64(zip, at + 48);
    }
    return { count, start };
  }
  throw new CardError('BAD_ARCHIVE', 'The .charx file is not a complete zip archive (it may be cut short).');
}

/** Sizes and offset given as 0xFFFFFFFF are in the ZIP64 extra field (id 1), in this order, only those that are. */
function zip64Values(zip: Buffer, extra: Buffer, wanted: { unpacked: boolean; packed: boolean; offset: boolean }) {
  for (let at = 0; at + 4 <= extra.length; at += 4 + extra.readUInt16LE(at + 2)) {
    if (extra.readUInt16LE(at) !== 1) continue;
    const field = extra.subarray(at + 4, at + 4 + extra.readUInt16LE(at + 2));
    let p = 0;
    const next = () => {
      const v = u64(field, p);
      p += 8;
      return v;
    };
    return {
      unpacked: wanted.unpacked ? next() : undefined,
      packed: wanted.packed ? next() : undefined,
      offset: wanted.offset ? next() : undefined,
    };
  }
  throw damaged();
}

/** Walks the central directory without inflating anything; `maxEntries` is checked before the walk. */
export function centralDirectory(zip: Buffer, maxEntries: number): CentralEntry[] {
  const { count, start } = endRecord(zip);
  if (count > maxEntries) throw new CardError('TOO_LARGE', `The .charx archive holds ${count} files; the limit is ${maxEntries}.`);
  let at = start;
  const out: CentralEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CEN_SIG) throw damaged();
    let packed = zip.readUInt32LE(at + 20);
    let unpacked = zip.readUInt32LE(at + 24);
    let localOffset = zip.readUInt32LE(at + 42);
    const nameLen = zip.readUInt16LE(at + 28);
    const extraLen = zip.readUInt16LE(at + 30);
    const commentLen = zip.readUInt16LE(at + 32);
    const madeBy = zip.readUInt8(at + 5); // 3 = Unix: the upper 16 bits of the external attributes are the mode
    const mode = zip.readUInt32LE(at + 38) >>> 16;
    const name = zip.subarray(at + 46, at + 46 + nameLen).toString('utf8');
    if (packed === MAX32 || unpacked === MAX32 || localOffset === MAX32) {
      const extra = zip.subarray(at + 46 + nameLen, at + 46 + nameLen + extraLen);
      const z = zip64Values(zip, extra, { unpacked: unpacked === MAX32, packed: packed === MAX32, offset: localOffset === MAX32 });
      packed = z.packed ?? packed;
      unpacked = z.unpacked ?? unpacked;
      localOffset = z.offset ?? localOffset;
    }
    out.push({
      name,
      packed,
      unpacked,
      localOffset,
      method: zip.readUInt16LE(at + 10),
      crc: zip.readUInt32LE(at + 16),
      encrypted: (zip.readUInt16LE(at + 8) & 1) === 1,
      symlink: madeBy === 3 && (mode & S_IFMT) === S_IFLNK,
    });
    at += 46 + nameLen + extraLen + commentLen;
  }
  return out;
}

const unreadable = () => new CardError('BAD_ARCHIVE', 'The .charx file is damaged: its files cannot be unpacked.');

/** One entry's bytes (stored or deflated), never more than its declared size, checked against its CRC-32. */
export function readEntry(zip: Buffer, e: CentralEntry): Uint8Array {
  if (e.encrypted) throw new CardError('BAD_ARCHIVE', 'The .charx archive is password-protected, so it cannot be read.');
  const at = e.localOffset;
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOC_SIG) throw unreadable();
  const dataStart = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  if (dataStart + e.packed > zip.length) throw unreadable();
  const packed = zip.subarray(dataStart, dataStart + e.packed);
  let bytes: Uint8Array;
  try {
    if (e.method === 0) bytes = packed;
    else if (e.method === 8) bytes = inflateSync(packed, { out: new Uint8Array(e.unpacked) });
    else throw new Error('unknown compression');
  } catch {
    throw unreadable();
  }
  if (bytes.length !== e.unpacked || zlib.crc32(bytes) !== e.crc) throw unreadable();
  return bytes;
}
