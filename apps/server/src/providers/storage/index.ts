// Media storage: local disk under DATA_DIR/media by default; an S3-compatible bucket when S3_* is set.
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

export {
  assertSafeKey,
  DEFAULT_CACHE_CONTROL,
  MEDIA_URL_PREFIX,
  mediaKey,
  type MediaStorage,
  type PutOptions,
  type StoredObject,
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
  if (missing.length) throw new Error(`Invalid configuration: S3_BUCKET is set, so ${missing.join(', ')} must be set too`);
  return {
    endpoint: env.S3_ENDPOINT!,
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID!,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
    publicUrl: env.S3_PUBLIC_URL,
  };
}

/** Where local media live; the app serves this folder at MEDIA_URL_PREFIX. */
export const mediaRoot = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'media');

export async function createMediaStorage(
  config: Pick<Config, 'dataDir'> & { s3?: S3Options },
  deps: { health: HealthRegistry },
): Promise<MediaStorage> {
  if (config.s3) return deps.health.register(new S3MediaStorage(config.s3));
  const root = mediaRoot(config);
  await mkdir(root, { recursive: true });
  return deps.health.register(new LocalMediaStorage(root));
}
