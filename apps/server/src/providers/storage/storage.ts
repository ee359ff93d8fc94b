import type { ProviderHealth } from '../health.ts';

/** Media files (avatars, later generated images): stored under a key, served at a public URL. */
export interface MediaStorage extends ProviderHealth {
  /** Stores bytes at a relative key (e.g. "avatars/users/<id>/<name>.webp") and returns its public URL. */
  put(key: string, bytes: Buffer, contentType: string): Promise<string>;
  /** Removes the file a URL from put() points at; other URLs are ignored. */
  removeByUrl(url: string | null | undefined): Promise<void>;
}

/** Public URL prefix of media served by this server. */
export const MEDIA_URL_PREFIX = '/media/';
