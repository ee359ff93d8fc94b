// Media files (avatars, later images) on local disk under DATA_DIR/media, served at /media/*.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface MediaStorage {
  /** Stores bytes at a relative key (e.g. "avatars/users/<id>/<name>.webp") and returns its public URL. */
  put(key: string, bytes: Buffer, contentType: string): Promise<string>;
  /** Removes the file a URL from put() points at; other URLs are ignored. */
  removeByUrl(url: string | null | undefined): Promise<void>;
}

export const MEDIA_URL_PREFIX = '/media/';

export class LocalMediaStorage implements MediaStorage {
  constructor(readonly root: string) {}

  async put(key: string, bytes: Buffer): Promise<string> {
    const file = this.resolve(key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, bytes);
    return MEDIA_URL_PREFIX + key;
  }

  async removeByUrl(url: string | null | undefined): Promise<void> {
    if (!url?.startsWith(MEDIA_URL_PREFIX)) return;
    await rm(this.resolve(url.slice(MEDIA_URL_PREFIX.length)), { force: true });
  }

  private resolve(key: string): string {
    const file = path.resolve(this.root, key);
    if (!file.startsWith(path.resolve(this.root) + path.sep)) throw new Error('media key escapes the media root');
    return file;
  }
}
