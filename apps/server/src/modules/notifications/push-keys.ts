// The server's VAPID key pair (RFC 8292): from VAPID_* when set, else generated at first start and kept in
// DATA_DIR/secrets/vapid.json beside the other generated keys (lib/secrets.ts). Losing the file only means every
// browser must subscribe again (its subscription is bound to the old public key). Also the key that signs the
// "opened" tokens a push carries to its service worker.
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import webpush from 'web-push';
import { loadOrCreateSecret, writeOnce } from '../../lib/secrets.ts';
import type { PushConfig } from './push.config.ts';

export interface PushKeys {
  publicKey: string;
  privateKey: string;
  /** HMAC key of the tokens that let a service worker mark its push's notification read. */
  openedKey: Uint8Array;
}

type VapidPair = { publicKey: string; privateKey: string };

const isPair = (v: unknown): v is VapidPair =>
  typeof v === 'object' && v !== null && typeof (v as VapidPair).publicKey === 'string' && typeof (v as VapidPair).privateKey === 'string';

async function loadOrCreateVapid(dataDir: string): Promise<VapidPair> {
  const dir = path.join(dataDir, 'secrets');
  const file = path.join(dir, 'vapid.json');
  const notAPair = (cause?: unknown) =>
    new Error(`${file} is not a VAPID key pair; remove it to make a new one (browsers then subscribe again)`, { cause });
  const parse = (text: string): VapidPair => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (err) {
      throw notAPair(err);
    }
    if (!isPair(parsed)) throw notAPair();
    return parsed;
  };
  try {
    return parse(await readFile(file, 'utf8'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await mkdir(dir, { recursive: true, mode: 0o700 });
  // Another process starting at the same moment may have written one first; then everyone uses theirs.
  return parse(await writeOnce(file, JSON.stringify(webpush.generateVAPIDKeys())));
}

export async function loadPushKeys(config: { dataDir: string; push: PushConfig }): Promise<PushKeys> {
  const vapid = config.push.vapid ?? (await loadOrCreateVapid(config.dataDir));
  return { ...vapid, openedKey: await loadOrCreateSecret(config.dataDir, 'push-opened.key', 32) };
}
