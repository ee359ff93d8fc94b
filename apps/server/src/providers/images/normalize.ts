// Every generated picture is stored only after sharp has decoded it (pixel-limited) and re-encoded it: a
// full-size WebP and a thumbnail, both without metadata (EXIF, XMP, ComfyUI's embedded workflow, A1111's
// "parameters" text chunk), so nothing a backend tucked into the file reaches a visitor.
import sharp from 'sharp';
import { ImageBackendError } from './image-provider.ts';
import { MAX_INPUT_PIXELS } from './http.ts';

export const THUMB_SIZE = 384;

export interface NormalizedImage {
  full: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
  thumbWidth: number;
  thumbHeight: number;
}

export async function normalizeImage(bytes: Buffer): Promise<NormalizedImage> {
  try {
    const decoded = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    const { data: full, info } = await decoded.clone().webp({ quality: 88 }).toBuffer({ resolveWithObject: true });
    const { data: thumb, info: t } = await sharp(full)
      .resize(THUMB_SIZE, THUMB_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    return { full, thumb, width: info.width, height: info.height, thumbWidth: t.width, thumbHeight: t.height };
  } catch (err) {
    if (/pixel limit/i.test((err as Error).message ?? '')) throw new ImageBackendError('MALFORMED', 'The picture is too large to store.');
    throw new ImageBackendError('MALFORMED', 'The image service sent something that is not a picture.');
  }
}
