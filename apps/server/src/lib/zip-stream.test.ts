import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { runInTurns, runToEnd } from './turns.ts';
import { CHUNK_BYTES, writeZipFile, zipChunks, ZipTooLargeError, type ZipEntry } from './zip-stream.ts';

const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

async function* entries(list: ZipEntry[]) {
  for (const e of list) yield e;
}

const text = Buffer.from('the rain came over the harbour again. '.repeat(60_000));
const picture = randomBytes(300 * 1024);

describe('zips as streams', () => {
  it('writes what unzip reads back: deflated text, stored pictures, an empty file', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'zip-stream-'));
    dirs.push(dir);
    const file = path.join(dir, 'a.zip');
    const size = await writeZipFile(
      entries([
        { path: 'chats/a.jsonl', bytes: text, compress: true },
        { path: 'pictures/p.webp', bytes: picture, compress: false },
        { path: 'empty.json', bytes: new Uint8Array(0), compress: true },
      ]),
      file,
      10 * 1024 * 1024,
    );
    const zip = await readFile(file);
    expect(zip.length).toBe(size);
    expect(size).toBeLessThan(text.length / 10 + picture.length + 4096);
    const files = unzipSync(zip);
    expect(Buffer.from(files['chats/a.jsonl']!).equals(text)).toBe(true);
    expect(Buffer.from(files['pictures/p.webp']!).equals(picture)).toBe(true);
    expect(files['empty.json']).toHaveLength(0);
  });

  it('stops with ZipTooLargeError as soon as the zip passes its cap', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'zip-stream-'));
    dirs.push(dir);
    const err = await writeZipFile(entries([{ path: 'p.bin', bytes: picture, compress: false }]), path.join(dir, 'b.zip'), 100_000).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ZipTooLargeError);
  });

  it('gives the event loop a turn after every slice of input', async () => {
    // Counts the loop's turns (a callback that schedules itself once per turn) while the zip is made.
    let turns = 0;
    let counting = true;
    const tick = () => {
      turns++;
      if (counting) setImmediate(tick);
    };
    setImmediate(tick);
    let bytes = 0;
    for await (const chunk of zipChunks(entries([{ path: 'a', bytes: text, compress: true }]))) bytes += chunk.length;
    counting = false;
    expect(bytes).toBeGreaterThan(0);
    expect(turns).toBeGreaterThanOrEqual(Math.floor(text.length / CHUNK_BYTES));
  });
});

describe('work in turns', () => {
  function* counting(n: number) {
    let sum = 0;
    for (let i = 0; i < n; i++) {
      yield;
      sum += i;
    }
    return sum;
  }

  it('gives the same answer at once and in turns', async () => {
    expect(runToEnd(counting(1000))).toBe(499_500);
    expect(await runInTurns(counting(1000), 0)).toBe(499_500);
  });
});
