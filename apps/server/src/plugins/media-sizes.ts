// Smaller copies of public pictures for where they are shown small: `/media/<key>.webp?w=256` (or 384) answers the
// picture scaled to that width, as WebP. The feed's cards show 2:3 portraits about 180 CSS pixels wide on a phone; a
// stored portrait is 512 × 768 (the seed's, about 100 KB) or 768 × 1152 (an upload's); the 384 copy of a seed portrait
// is 11–17 KB. The browser chooses through the cards' `srcset` (character-portrait.tsx).
//
// A copy is made on the first request and kept in memory (at most 32 MB, the least recently used go first), keyed by
// the file's size and time of change, so a replaced file is never answered from an old copy. The file is looked at on
// every request: a removed one (an erased account, a character made private) answers 404 like the original. Nothing
// is written to disk, so there is nothing to clean up. At most two copies are made at once (each holds the file and
// its pixels while sharp works): a burst of requests for many different pictures waits its turn instead of reading
// every file into memory together.
import { readFile, stat } from 'node:fs/promises';
import sharp from 'sharp';
import { limitConcurrency } from '../lib/concurrency.ts';

export const MEDIA_WIDTHS = [256, 384] as const;
const CACHE_BYTES = 32 * 1024 * 1024;
const QUALITY = 76;

const cache = new Map<string, Buffer>();
let cachedBytes = 0;
const making = new Map<string, Promise<Buffer>>();
const inTurn = limitConcurrency(2);

function remember(id: string, bytes: Buffer): void {
  cache.set(id, bytes);
  cachedBytes += bytes.length;
  for (const [oldest, old] of cache) {
    if (cachedBytes <= CACHE_BYTES) break;
    cache.delete(oldest);
    cachedBytes -= old.length;
  }
}

async function scaled(file: string, id: string, width: number): Promise<Buffer> {
  const hit = cache.get(id);
  if (hit) {
    // Most recently used last.
    cache.delete(id);
    cache.set(id, hit);
    return hit;
  }
  let pending = making.get(id);
  if (!pending) {
    pending = inTurn(async () => {
      const input = await readFile(file);
      return sharp(input, { failOn: 'error' }).resize({ width, withoutEnlargement: true }).webp({ quality: QUALITY }).toBuffer();
    })
      .then((bytes) => {
        remember(id, bytes);
        return bytes;
      })
      .finally(() => making.delete(id));
    making.set(id, pending);
  }
  return pending;
}

/**
 * The picture at `file` scaled to `width` (one of MEDIA_WIDTHS), or null when there is no such file (or sharp cannot
 * read it: the caller then answers the file as it is stored).
 */
export async function scaledPicture(file: string, width: number): Promise<Buffer | null> {
  const facts = await stat(file).catch(() => null);
  if (!facts?.isFile()) return null;
  return scaled(file, `${file}|${width}|${facts.size}|${facts.mtimeMs}`, width).catch(() => null);
}
