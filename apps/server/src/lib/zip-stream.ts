// Zips built as streams (#47.3, #47.4): entries come one at a time from an async iterable (only one file's bytes held
// at once), each is fed to fflate's streaming zip in slices of CHUNK_BYTES, and the event loop gets a turn after every
// slice, so a large export never blocks other requests for more than one slice's deflate (a millisecond or two).
// The output is either a file on disk with a size cap (the account export, then moved into media storage) or a
// readable stream (a download built on the fly). fflate writes no ZIP64 records: a zip stays under 4 GB (the caps do).
import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

export interface ZipEntry {
  path: string;
  bytes: Uint8Array;
  /** Deflate it (text); false: stored as is (pictures, .charx files, which are compressed already). */
  compress: boolean;
}

/** Input bytes fed to the zip between two turns of the event loop. */
export const CHUNK_BYTES = 16 * 1024;

export class ZipTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`zip larger than ${maxBytes} bytes`);
    this.name = 'ZipTooLargeError';
  }
}

/** The zip's bytes, in the order they are made; yields to the event loop after every slice of input. */
export async function* zipChunks(entries: AsyncIterable<ZipEntry> | Iterable<ZipEntry>): AsyncGenerator<Uint8Array> {
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((err, chunk) => {
    if (err) failure = err;
    else out.push(chunk);
  });
  function* drain() {
    if (failure) throw failure;
    while (out.length > 0) yield out.shift()!;
  }
  for await (const entry of entries) {
    const file = entry.compress ? new ZipDeflate(entry.path, { level: 6 }) : new ZipPassThrough(entry.path);
    zip.add(file);
    const { bytes } = entry;
    let at = 0;
    do {
      const end = Math.min(at + CHUNK_BYTES, bytes.length);
      file.push(bytes.subarray(at, end), end === bytes.length);
      at = end;
      yield* drain();
      await nextTurn();
    } while (at < bytes.length);
  }
  zip.end();
  yield* drain();
}

/** Writes the zip to `file`; throws ZipTooLargeError as soon as it would pass `maxBytes`. Returns its size. */
export async function writeZipFile(entries: AsyncIterable<ZipEntry>, file: string, maxBytes: number): Promise<number> {
  const handle = await open(file, 'w');
  let size = 0;
  try {
    for await (const chunk of zipChunks(entries)) {
      size += chunk.length;
      if (size > maxBytes) throw new ZipTooLargeError(maxBytes);
      await handle.write(chunk);
    }
  } finally {
    await handle.close();
  }
  return size;
}

/** The zip as a readable stream (a response body), made as the client reads it. */
export function zipReadable(entries: AsyncIterable<ZipEntry>): Readable {
  return Readable.from(zipChunks(entries), { objectMode: false });
}

/** JSON as an entry's bytes (indented, with a final newline). */
export function jsonBytes(value: unknown): Buffer {
  return Buffer.from(JSON.stringify(value, null, 2) + '\n', 'utf8');
}
