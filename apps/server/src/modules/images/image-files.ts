// Where picture files live and how browsers reach them. Files are stored under keys made from ids only
// (`images/<owner>/<image>/full.webp` and `thumb.webp`, so a retried job overwrites rather than leaves orphans) and are
// never served from the media folder or the bucket directly: GET /api/images/:id/full.webp (and thumb.webp) checks
// the row on every request. Public images are open to anyone; private ones need a signed link (an <img> cannot send
// the bearer token), which only their owner ever receives, valid 6–12 hours and stable within a 6-hour window so the
// browser can cache it.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { assertSafeKey, type MediaStorage } from '../../providers/storage/index.ts';
import type { NormalizedImage } from '../../providers/images/index.ts';

const WINDOW_SECONDS = 6 * 3600;

export type ImageVariant = 'full' | 'thumb';

export function imageFileKey(ownerId: string, imageId: string, variant: ImageVariant): string {
  const key = `images/${ownerId}/${imageId}/${variant}.webp`;
  assertSafeKey(key);
  return key;
}

/** Stores both files of a normalised picture; returns their keys. */
export async function storeImageFiles(
  storage: MediaStorage,
  ownerId: string,
  imageId: string,
  image: Pick<NormalizedImage, 'full' | 'thumb'>,
): Promise<{ fileKey: string; thumbKey: string }> {
  const fileKey = imageFileKey(ownerId, imageId, 'full');
  const thumbKey = imageFileKey(ownerId, imageId, 'thumb');
  await storage.put(fileKey, image.full, 'image/webp');
  await storage.put(thumbKey, image.thumb, 'image/webp');
  return { fileKey, thumbKey };
}

export async function removeImageFiles(storage: MediaStorage, row: { fileKey: string | null; thumbKey: string | null }): Promise<void> {
  await Promise.all([row.fileKey, row.thumbKey].filter((k): k is string => !!k).map((k) => storage.remove(k)));
}

export interface ImageLinks {
  url: string;
  thumbnailUrl: string;
  downloadUrl: string;
}

export class ImageUrls {
  constructor(
    private readonly key: Buffer,
    private readonly nowSeconds: () => number = () => Math.floor(Date.now() / 1000),
  ) {}

  /** Links for a ready image: plain for public ones, signed for private ones. */
  links(image: { id: string; visibility: string }): ImageLinks {
    const base = `/api/images/${image.id}`;
    let query = '';
    if (image.visibility !== 'public') {
      const exp = (Math.floor(this.nowSeconds() / WINDOW_SECONDS) + 2) * WINDOW_SECONDS;
      query = `?exp=${exp}&sig=${this.sign(image.id, exp)}`;
    }
    return {
      url: `${base}/full.webp${query}`,
      thumbnailUrl: `${base}/thumb.webp${query}`,
      downloadUrl: `${base}/full.webp${query ? `${query}&` : '?'}download=1`,
    };
  }

  /**
   * The thumbnail as the moderation console shows it: a signed link of its own scope, which also opens pictures that
   * moderators removed (links given to owners never do).
   */
  moderationThumbnail(imageId: string): string {
    const exp = (Math.floor(this.nowSeconds() / WINDOW_SECONDS) + 2) * WINDOW_SECONDS;
    return `/api/images/${imageId}/thumb.webp?exp=${exp}&sig=${this.sign(imageId, exp, 'moderation')}&scope=moderation`;
  }

  /** Whether a private image's link is genuine and not expired. */
  verify(imageId: string, exp: number | undefined, sig: string | undefined, scope: 'owner' | 'moderation' = 'owner'): boolean {
    if (!exp || !sig || !Number.isSafeInteger(exp) || exp < this.nowSeconds()) return false;
    const expected = Buffer.from(this.sign(imageId, exp, scope));
    const given = Buffer.from(sig);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private sign(imageId: string, exp: number, scope: 'owner' | 'moderation' = 'owner'): string {
    const subject = scope === 'owner' ? `image:${imageId}:${exp}` : `moderation-image:${imageId}:${exp}`;
    return createHmac('sha256', this.key).update(subject).digest('base64url').slice(0, 32);
  }
}
