// Media storage: local disk today; an S3 backend joins here, chosen by config, with the same interface.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config.ts';
import type { HealthRegistry } from '../health.ts';
import { LocalMediaStorage } from './local.ts';
import type { MediaStorage } from './storage.ts';

export { MEDIA_URL_PREFIX, type MediaStorage } from './storage.ts';

/** Where local media live; the app serves this folder at MEDIA_URL_PREFIX. */
export const mediaRoot = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'media');

export async function createMediaStorage(config: Pick<Config, 'dataDir'>, deps: { health: HealthRegistry }): Promise<MediaStorage> {
  const root = mediaRoot(config);
  await mkdir(root, { recursive: true });
  return deps.health.register(new LocalMediaStorage(root));
}
