// Where a character's portrait and thumbnail live, by its visibility (#47.15). A public or unlisted character's files
// are public media (`characters/<id>/<random>.webp`, served from the media folder or the bucket URL). A private
// character's are kept under `images/characters/<id>/…`, which is never served from the folder or the bucket (the
// private pictures' folder, docs/media-storage.md), and reach browsers only by a signed, expiring link that the
// answers carrying them get instead (`signLinks`, a hook on every JSON answer): whoever is shown a private character
// (its owner, an admin) gets a link that works for 6–12 hours, as private pictures do (images/image-files.ts). When
// the visibility changes, the files move (new random names) and the old URLs stop answering.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { mediaKey, type MediaStorage } from '../../providers/storage/index.ts';

const WINDOW_SECONDS = 6 * 3600;
/** Private portraits' folder: under `images/`, which only the server serves, after checking. */
const PRIVATE_ROOT = 'images/characters';

/**
 * The folder of the files a card import keeps beside the portrait (CharX assets): private whatever the character's
 * visibility, since they are only read back to build the character's own export and never sent in an answer.
 */
export function assetFolders(id: string): string[] {
  return [...PRIVATE_ROOT.split('/'), id, 'assets'];
}

export interface PortraitUrls {
  avatarUrl: string | null;
  thumbnailUrl: string | null;
}

type Placed = { id: string; visibility: string } & PortraitUrls;

export class PortraitFiles {
  private readonly privatePrefix: string;

  constructor(
    private readonly storage: MediaStorage,
    private readonly key: Buffer,
    private readonly nowSeconds: () => number = () => Math.floor(Date.now() / 1000),
  ) {
    this.privatePrefix = storage.urlFor(`${PRIVATE_ROOT}/`);
  }

  /** The start of every private portrait's stored URL. */
  get privateUrlPrefix(): string {
    return this.privatePrefix;
  }

  /** The folders a new file of this character goes in. */
  folders(id: string, visibility: string): string[] {
    return visibility === 'private' ? [...PRIVATE_ROOT.split('/'), id] : ['characters', id];
  }

  /** Stores a file where the character's visibility says; answers its stored URL. */
  put(id: string, visibility: string, bytes: Buffer): Promise<string> {
    return this.storage.put(mediaKey(this.folders(id, visibility), 'webp'), bytes, 'image/webp');
  }

  /**
   * Copies the files that are not where the character's visibility says to new names there. Answers the new URLs
   * (the caller saves them, then removes the old files with `remove`), or undefined when nothing had to move.
   */
  async relocate(row: Placed): Promise<PortraitUrls | undefined> {
    const wantPrivate = row.visibility === 'private';
    const moved: PortraitUrls = { avatarUrl: row.avatarUrl, thumbnailUrl: row.thumbnailUrl };
    let changed = false;
    for (const field of ['avatarUrl', 'thumbnailUrl'] as const) {
      const url = row[field];
      const key = url ? this.storage.keyFromUrl(url) : undefined;
      if (!key || key.startsWith(`${PRIVATE_ROOT}/`) === wantPrivate) continue;
      const file = await this.storage.get(key);
      if (!file) continue;
      moved[field] = await this.put(row.id, row.visibility, file.bytes);
      changed = true;
    }
    return changed ? moved : undefined;
  }

  /** Removes the files of `old` that `now` no longer points at. */
  async removeReplaced(old: PortraitUrls, now: PortraitUrls): Promise<void> {
    const keep = new Set([now.avatarUrl, now.thumbnailUrl]);
    await Promise.all([old.avatarUrl, old.thumbnailUrl].filter((u) => u && !keep.has(u)).map((u) => this.storage.removeByUrl(u)));
  }

  /** The signed link for a private portrait's stored URL; any other URL as it is. */
  link(url: string): string {
    if (!url.startsWith(this.privatePrefix)) return url;
    const [id, name, ...rest] = url.slice(this.privatePrefix.length).split('/');
    if (!id || !name || rest.length > 0) return url;
    const exp = (Math.floor(this.nowSeconds() / WINDOW_SECONDS) + 2) * WINDOW_SECONDS;
    return `/api/characters/${id}/portraits/${name}?exp=${exp}&sig=${this.sign(id, name, exp)}`;
  }

  /** A signed link's file, when the link is genuine and not expired (null otherwise, or when the file is gone). */
  async read(id: string, name: string, exp: number | undefined, sig: string | undefined): Promise<Buffer | null> {
    if (!exp || !sig || !Number.isSafeInteger(exp) || exp < this.nowSeconds()) return null;
    const expected = Buffer.from(this.sign(id, name, exp));
    const given = Buffer.from(sig);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return (await this.storage.get(`${PRIVATE_ROOT}/${id}/${name}`))?.bytes ?? null;
  }

  /**
   * A JSON answer with every private portrait's stored URL replaced by its signed link; untouched objects are
   * returned as they are (never changed in place: an answer may be a cached object).
   */
  signLinks<T>(payload: T): T {
    return this.walk(payload) as T;
  }

  private walk(value: unknown): unknown {
    if (typeof value === 'string') return value.startsWith(this.privatePrefix) ? this.link(value) : value;
    if (Array.isArray(value)) {
      let out: unknown[] | undefined;
      value.forEach((v, i) => {
        const w = this.walk(v);
        if (w !== v) (out ??= [...value])[i] = w;
      });
      return out ?? value;
    }
    if (value === null || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return value;
    let out: Record<string, unknown> | undefined;
    for (const [k, v] of Object.entries(value)) {
      const w = this.walk(v);
      if (w !== v) (out ??= { ...(value as Record<string, unknown>) })[k] = w;
    }
    return out ?? value;
  }

  private sign(id: string, name: string, exp: number): string {
    return createHmac('sha256', this.key).update(`character-portrait:${id}/${name}:${exp}`).digest('base64url').slice(0, 32);
  }
}
