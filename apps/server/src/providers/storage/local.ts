// Media on local disk under DATA_DIR/media, served at /media/* by the app (see app.ts).
import { access, copyFile, mkdir, open, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertSafeKey, MEDIA_URL_PREFIX, type MediaStorage, type StoredObject, type StoredStream } from './storage.ts';

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

  async putFile(key: string, file: string): Promise<string> {
    const target = this.resolve(key);
    await mkdir(path.dirname(target), { recursive: true });
    await copyFile(file, target);
    return this.urlFor(key);
  }

  async getStream(key: string): Promise<StoredStream | null> {
    try {
      // One open file for both the size and the stream: a file removed in between is still read whole.
      const handle = await open(this.resolve(key));
      const { size } = await handle.stat().catch(async (err: unknown) => {
        await handle.close();
        throw err;
      });
      return { stream: handle.createReadStream(), size };
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
