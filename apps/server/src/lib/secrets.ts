import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
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
  const secret = randomBytes(bytes);
  // 'wx' fails if another process created it meanwhile; then read theirs so all processes agree.
  try {
    await writeFile(file, secret.toString('base64url'), { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return Buffer.from((await readFile(file, 'utf8')).trim(), 'base64url');
  }
}
