import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { StartupError } from './startup-error.ts';

/** The fewest bytes a kept secret may have (a key of 256 bits). */
export const MIN_SECRET_BYTES = 32;

/**
 * Returns a secret kept in DATA_DIR/secrets/<name>, generating it on first start.
 * Losing the file only signs everyone out; it is never sent anywhere. A file that holds something else than a key of
 * at least MIN_SECRET_BYTES in base64url (cut short, a password typed by hand) stops the start with what to do: it
 * is never used as a weak key, nor silently replaced.
 */
export async function loadOrCreateSecret(dataDir: string, name: string, bytes = 64): Promise<Uint8Array> {
  const dir = path.join(dataDir, 'secrets');
  const file = path.join(dir, name);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    await mkdir(dir, { recursive: true, mode: 0o700 });
    // Another process starting at the same moment may have written it first: what the file holds is checked alike.
    text = await writeOnce(file, randomBytes(Math.max(bytes, MIN_SECRET_BYTES)).toString('base64url'));
  }
  return decodeSecret(text, file);
}

function decodeSecret(text: string, file: string): Uint8Array {
  const key = text.trim();
  const decoded = Buffer.from(key, 'base64url');
  if (/^[A-Za-z0-9_-]+$/.test(key) && decoded.length >= MIN_SECRET_BYTES) return decoded;
  throw new StartupError(
    `${file} does not hold a key of at least ${MIN_SECRET_BYTES} random bytes in base64url (it holds ${key.length} characters). ` +
      'Delete the file to have a new key made at the next start (sessions and links signed with the old one stop working), ' +
      `or put such a key in it (for example: node -e "console.log(require('crypto').randomBytes(64).toString('base64url'))").`,
  );
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
