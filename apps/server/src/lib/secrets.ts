import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Returns a secret kept in DATA_DIR/secrets/<name>, generating it on first start.
 * Losing the file only signs everyone out; it is never sent anywhere.
 */
export async function loadOrCreateSecret(dataDir: string, name: string, bytes = 64): Promise<Uint8Array> {
  const dir = path.join(dataDir, 'secrets');
  const file = path.join(dir, name);
  try {
    const text = (await readFile(file, 'utf8')).trim();
    if (text.length >= 32) return Buffer.from(text, 'base64url');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const kept = await writeOnce(file, randomBytes(bytes).toString('base64url'));
  return Buffer.from(kept.trim(), 'base64url');
}

/**
 * Writes `text` to `file` unless the file exists, and returns what the file holds: ours, or what another process
 * starting at the same moment wrote first, so that every process agrees. The text is written to a file of its own and
 * then linked into place, so nobody ever reads a file half written (created and then written, as `flag: 'wx'` does,
 * another process read it empty: CI's cluster tier, two processes starting on one DATA_DIR).
 */
export async function writeOnce(file: string, text: string): Promise<string> {
  const own = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(own, text, { mode: 0o600, flag: 'wx' });
  try {
    await link(own, file);
    return text;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return readFile(file, 'utf8');
  } finally {
    await unlink(own).catch(() => {});
  }
}
