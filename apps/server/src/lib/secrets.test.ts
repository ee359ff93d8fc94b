// Generated secrets when several processes start at once on one DATA_DIR (the cluster tier's case): everyone ends up
// with the same secret, whole, and nothing is left behind.
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, expect, it } from 'vitest';
import { loadPushKeys } from '../modules/notifications/push-keys.ts';
import type { PushConfig } from '../modules/notifications/push.config.ts';
import { loadOrCreateSecret, writeOnce } from './secrets.ts';

const run = promisify(execFile);
const dirs: string[] = [];
const tempDir = async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'reverie-secrets-'));
  dirs.push(dir);
  return dir;
};
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

it('gives every starter at the same moment the same whole secret', async () => {
  for (let round = 0; round < 5; round++) {
    const dataDir = await tempDir();
    const secrets = await Promise.all(Array.from({ length: 40 }, () => loadOrCreateSecret(dataDir, 'session.key', 64)));
    expect(new Set(secrets.map((s) => Buffer.from(s).toString('hex'))).size).toBe(1);
    expect(secrets[0]!.length).toBe(64);
    expect(await readdir(path.join(dataDir, 'secrets'))).toEqual(['session.key']);
  }
});

it('writeOnce keeps the first text written and hands it to everyone', async () => {
  const file = path.join(await tempDir(), 'vapid.json');
  const texts = Array.from({ length: 40 }, (_, i) => JSON.stringify({ writer: i, padding: 'x'.repeat(4096) }));
  const kept = await Promise.all(texts.map((t) => writeOnce(file, t)));
  expect(new Set(kept).size).toBe(1);
  expect(texts).toContain(kept[0]);
  expect(JSON.parse(kept[0]!)).toMatchObject({ padding: 'x'.repeat(4096) });
  expect(await readdir(path.dirname(file))).toEqual(['vapid.json']);
});

it('gives every starter at the same moment the same VAPID key pair, read whole', async () => {
  for (let round = 0; round < 5; round++) {
    const dataDir = await tempDir();
    const keys = await Promise.all(Array.from({ length: 40 }, () => loadPushKeys({ dataDir, push: { vapid: undefined } as PushConfig })));
    expect(new Set(keys.map((k) => k.publicKey)).size).toBe(1);
    expect(new Set(keys.map((k) => Buffer.from(k.openedKey).toString('hex'))).size).toBe(1);
  }
});

it('gives server processes starting at the same moment on one DATA_DIR the same keys (none reads a file half written)', async () => {
  const child = path.join(import.meta.dirname, '../../test/start-keys.child.ts');
  const hooks = path.join(import.meta.dirname, '../../typescript.mjs');
  for (let round = 0; round < 2; round++) {
    const dataDir = await tempDir();
    const env = { ...process.env, DATA_DIR: dataDir, START_AT: String(Date.now() + 2_500) };
    const outputs = await Promise.all(
      Array.from({ length: 6 }, async () => (await run(process.execPath, ['--import', hooks, child], { env })).stdout.trim()),
    );
    // Before keys were linked into place whole, about one start in 36 read an empty vapid.json and stopped.
    expect(outputs.filter((o) => o.includes('"error"'))).toEqual([]);
    expect(new Set(outputs).size).toBe(1);
  }
}, 30_000);

it('stops the start on a kept secret that is not a whole key, and leaves the file as it was', async () => {
  const dataDir = await tempDir();
  await loadOrCreateSecret(dataDir, 'jwt.key');
  const file = path.join(dataDir, 'secrets', 'jwt.key');
  for (const held of ['', 'hunter2', 'correct horse battery staple, typed by hand!', 'A'.repeat(40)]) {
    await writeFile(file, held);
    await expect(loadOrCreateSecret(dataDir, 'jwt.key')).rejects.toThrow(/does not hold a key of at least 32 random bytes in base64url/);
    expect(await readFile(file, 'utf8')).toBe(held);
  }
  // A key put in by hand, with a line ending, is read as the bytes it encodes.
  const key = Buffer.alloc(48, 7);
  await writeFile(file, `${key.toString('base64url')}\n`);
  expect(Buffer.from(await loadOrCreateSecret(dataDir, 'jwt.key')).equals(key)).toBe(true);
});
