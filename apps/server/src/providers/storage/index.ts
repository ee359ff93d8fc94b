// Media storage: local disk under MEDIA_DIR (default DATA_DIR/media); an S3-compatible bucket when S3_* is set.
// Pictures (`images/…`) are private: served only by the images module, never from the folder or the bucket URL
// (docs/media-storage.md has the bucket policy; the server checks it at start).
//
// Environment (parse with `S3EnvSchema` in config.ts; nothing here reads process.env):
//   S3_BUCKET              bucket name; setting it switches storage to S3 (then the four below are required)
//   S3_ENDPOINT            e.g. https://s3.eu-central-1.amazonaws.com, http://127.0.0.1:9000 (MinIO) — path-style URLs
//   S3_REGION              default us-east-1 (R2: auto)
//   S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY
//   S3_PUBLIC_URL          base URL objects are served from (CDN / public bucket domain); default <endpoint>/<bucket>/
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { HealthRegistry } from '../health.ts';
import { LocalMediaStorage } from './local.ts';
import { S3MediaStorage, type S3Options } from './s3.ts';
import type { MediaStorage } from './storage.ts';
import { StartupError } from '../../lib/startup-error.ts';

export {
  assertSafeKey,
  DEFAULT_CACHE_CONTROL,
  MEDIA_URL_PREFIX,
  mediaKey,
  type MediaStorage,
  type PutOptions,
  type StoredObject,
  type StoredStream,
} from './storage.ts';
export { S3StorageError, type S3Options } from './s3.ts';

export const S3EnvSchema = z.object({
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'S3_BUCKET must be 3–63 lower-case letters, digits, dots or hyphens')
    .optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PUBLIC_URL: z.string().url().optional(),
});
export type S3Env = z.infer<typeof S3EnvSchema>;

/** Undefined when S3_BUCKET is unset (local disk); a readable error when it is set but incomplete. */
export function s3ConfigFromEnv(env: S3Env): S3Options | undefined {
  if (!env.S3_BUCKET) return undefined;
  const missing = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((k) => !env[k]);
  if (missing.length) throw new StartupError(`Invalid configuration: S3_BUCKET is set, so ${missing.join(', ')} must be set too`);
  return {
    endpoint: env.S3_ENDPOINT!,
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    publicUrl: env.S3_PUBLIC_URL,
  };
}

/** Where local media live (MEDIA_DIR, default DATA_DIR/media); the app serves this folder at MEDIA_URL_PREFIX. */
export const mediaRoot = (config: Pick<Config, 'dataDir'> & { mediaDir?: string }) => config.mediaDir ?? path.join(config.dataDir, 'media');

/** Logged at start when REDIS_URL is set (several processes) and media stay on one process's disk. */
export const MEDIA_DIR_WARNING = (root: string) =>
  `REDIS_URL is set, so several server processes may run, but media are kept on this process's disk (${root}): a picture or avatar saved by one process is missing on the others. Set S3_BUCKET (docs/media-storage.md), or MEDIA_DIR to a folder every process shares.`;

/** A file under images/ that the start-up check writes, then asks for without credentials at its public URL. */
const PROBE_KEY = 'images/access-check/probe.txt';

interface StartLog {
  error(message: string): void;
  warn?(message: string): void;
}

/**
 * Whether anyone can read pictures at the bucket's public URL (a bucket or CDN left public for every prefix). In
 * production that refuses the start; elsewhere it is logged as an error. A check that cannot run (the bucket is
 * unreachable) is only a warning: the storage's health shows the rest.
 */
async function checkPrivateFolder(storage: S3MediaStorage, env: Config['env'], log: StartLog | undefined): Promise<void> {
  let readable: boolean;
  try {
    await storage.put(PROBE_KEY, Buffer.from('This file checks that images/ is not public.'), 'text/plain', { cacheControl: 'no-store' });
    readable = await storage.readableByAnyone(PROBE_KEY);
  } catch (err) {
    log?.warn?.(`could not check that images/ is private in the bucket: ${(err as Error).message}`);
    return;
  }
  if (!readable) return;
  const message = `anyone can read pictures at ${storage.urlFor('images/')}…: private and removed pictures would be public. Keep images/ private (docs/media-storage.md).`;
  if (env === 'production') throw new StartupError(`Invalid configuration: ${message}`);
  log?.error(message);
}

export async function createMediaStorage(
  config: Pick<Config, 'dataDir'> & { s3?: S3Options; mediaDir?: string; env?: Config['env'] },
  deps: { health: HealthRegistry; log?: StartLog },
): Promise<MediaStorage> {
  if (config.s3) {
    const storage = new S3MediaStorage(config.s3);
    await checkPrivateFolder(storage, config.env ?? 'development', deps.log);
    return deps.health.register(storage);
  }
  const root = mediaRoot(config);
  await mkdir(root, { recursive: true });
  return deps.health.register(new LocalMediaStorage(root));
}
