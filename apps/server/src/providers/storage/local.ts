// Media on local disk under DATA_DIR/media, served at /media/* by the app (see app.ts).
import { access, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MEDIA_URL_PREFIX, type MediaStorage } from './storage.ts';

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
