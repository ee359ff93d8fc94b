// Initials avatars (product.md §3: "a generated initials avatar from an external avatar service"), fetched by the server so
// browsers never send usernames to a third party. Answers are kept in memory; when the service cannot be reached
// (or is turned off) a locally drawn SVG with the same initials and colours is served instead of a broken image.
import sharp from 'sharp';

export interface AvatarImage {
  body: Buffer;
  contentType: string;
  /** true: drawn here because the service was unreachable or off (kept for a short while only). */
  fallback: boolean;
}

const BACKGROUND = '2c1a35';
const COLOR = 'fb7185';
const SIZE = 128;
/** Bigger answers are not avatars. */
const MAX_BYTES = 256 * 1024;
const CACHE_ENTRIES = 1000;
/** A fallback is retried against the service after this long. */
const FALLBACK_TTL_MS = 5 * 60_000;

export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]?.[0], parts[parts.length - 1]?.[0]] : [parts[0]?.[0], parts[0]?.[1]];
  return letters.filter(Boolean).join('').toUpperCase() || '?';
}

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The local drawing: a circle-friendly square with the initials, in the service's colours. */
export function initialsSvg(name: string): string {
  const text = escapeXml(initialsOf(name));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">` +
    `<rect width="${SIZE}" height="${SIZE}" fill="#${BACKGROUND}"/>` +
    `<text x="50%" y="50%" dy=".1em" fill="#${COLOR}" font-family="system-ui,-apple-system,Segoe UI,Roboto,sans-serif" ` +
    `font-size="${SIZE * 0.42}" font-weight="700" text-anchor="middle" dominant-baseline="middle">${text}</text></svg>`
  );
}

export class AvatarsService {
  private readonly cache = new Map<string, AvatarImage & { at: number }>();
  private readonly pending = new Map<string, Promise<AvatarImage>>();

  constructor(
    private readonly deps: {
      /** AVATAR_SERVICE_URL; undefined: always the local drawing. */
      serviceUrl: string | undefined;
      timeoutMs?: number;
      now?: () => number;
      log?: { warn: (obj: object, msg: string) => void };
    },
  ) {}

  /** The avatar for `name` (already validated): from the cache, the service (re-encoded as PNG), or drawn here. */
  async initials(name: string): Promise<AvatarImage> {
    const now = this.deps.now?.() ?? Date.now();
    const hit = this.cache.get(name);
    if (hit && (!hit.fallback || now - hit.at < FALLBACK_TTL_MS)) {
      // Most recently used last, so the oldest is evicted first.
      this.cache.delete(name);
      this.cache.set(name, hit);
      return hit;
    }
    // One fetch per name at a time, however many requests wait for it.
    let running = this.pending.get(name);
    if (!running) {
      running = this.load(name).finally(() => this.pending.delete(name));
      this.pending.set(name, running);
    }
    const image = await running;
    this.cache.set(name, { ...image, at: now });
    while (this.cache.size > CACHE_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
    return image;
  }

  private async load(name: string): Promise<AvatarImage> {
    const local = (): AvatarImage => ({
      body: Buffer.from(initialsSvg(name)),
      contentType: 'image/svg+xml; charset=utf-8',
      fallback: true,
    });
    if (!this.deps.serviceUrl) return local();
    try {
      const url = new URL(this.deps.serviceUrl);
      for (const [k, v] of Object.entries({
        name,
        background: BACKGROUND,
        color: COLOR,
        bold: 'true',
        size: String(SIZE),
        format: 'png',
      })) {
        url.searchParams.set(k, v);
      }
      const res = await fetch(url, { signal: AbortSignal.timeout(this.deps.timeoutMs ?? 3000), redirect: 'error' });
      if (!res.ok) throw new Error(`the avatar service answered ${res.status}`);
      const length = Number(res.headers.get('content-length') ?? 0);
      if (length > MAX_BYTES) throw new Error('the avatar service sent too much');
      const raw = Buffer.from(await res.arrayBuffer());
      if (raw.length > MAX_BYTES) throw new Error('the avatar service sent too much');
      // Whatever came back is decoded and drawn again: only a plain PNG of the right size leaves this server.
      const body = await sharp(raw, { limitInputPixels: 1024 * 1024 })
        .resize(SIZE, SIZE, { fit: 'cover' })
        .png()
        .toBuffer();
      return { body, contentType: 'image/png', fallback: false };
    } catch (err) {
      this.deps.log?.warn(
        { err: err instanceof Error ? err.message : String(err) },
        'avatar service unreachable; drawing initials locally',
      );
      return local();
    }
  }
}
