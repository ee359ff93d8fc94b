// Media on local disk under DATA_DIR/media, served at /media/* by the app (see app.ts).
import { access, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertSafeKey, MEDIA_URL_PREFIX, type MediaStorage, type StoredObject } from './storage.ts';

const TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
};

export class LocalMediaStorage implements MediaStorage {
  readonly name = 'storage';
  readonly kind = 'local';

  constructor(readonly root: string) {}

  async health() {
    try {
      await access(this.root);
      return { status: 'ok' as const };
    } catch (err) {
      return { status: 'down' as const, detail: (err as Error).message };
    }
  }

  async put(key: string, bytes: Buffer): Promise<string> {
    const file = this.resolve(key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, bytes);
    return this.urlFor(key);
  }

  async get(key: string): Promise<StoredObject | null> {
    try {
      const bytes = await readFile(this.resolve(key));
      return { bytes, contentType: TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream' };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await access(this.resolve(key));
      return true;
    } catch {
      return false;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.resolve(key), { force: true });
  }

  urlFor(key: string): string {
    return MEDIA_URL_PREFIX + key;
  }

  keyFromUrl(url: string): string | undefined {
    if (!url.startsWith(MEDIA_URL_PREFIX)) return undefined;
    const key = url.slice(MEDIA_URL_PREFIX.length);
    try {
      assertSafeKey(key);
      return key;
    } catch {
      return undefined;
    }
  }

  async removeByUrl(url: string | null | undefined): Promise<void> {
    const key = url ? this.keyFromUrl(url) : undefined;
    if (key) await this.remove(key);
  }

  private resolve(key: string): string {
    assertSafeKey(key);
    const file = path.resolve(this.root, key);
    if (!file.startsWith(path.resolve(this.root) + path.sep)) throw new Error('media key escapes the media root');
    return file;
  }
}
