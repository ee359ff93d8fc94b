// Every generated picture is stored only after sharp has decoded it (pixel-limited) and re-encoded it: a
// full-size WebP and a thumbnail, both without the backend's metadata (EXIF, XMP, ComfyUI's embedded workflow,
// A1111's "parameters" text chunk), so nothing a backend tucked into the file reaches a visitor. Both carry our own
// XMP packet instead: the machine-readable AI mark (ai-mark.ts).
import sharp from 'sharp';
import { aiMarkXmp, type DigitalSourceType } from '../../lib/ai-mark.ts';
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

/** `source`: a model made the picture (the default), or our own code drew it (the seeded catalogue's art). */
export async function normalizeImage(bytes: Buffer, source: DigitalSourceType = 'trainedAlgorithmicMedia'): Promise<NormalizedImage> {
  const mark = aiMarkXmp(source);
  try {
    const decoded = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    const { data: full, info } = await decoded.clone().withXmp(mark).webp({ quality: 88 }).toBuffer({ resolveWithObject: true });
    const { data: thumb, info: t } = await sharp(full)
      .resize(THUMB_SIZE, THUMB_SIZE, { fit: 'inside', withoutEnlargement: true })
      .withXmp(mark)
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true });
    return { full, thumb, width: info.width, height: info.height, thumbWidth: t.width, thumbHeight: t.height };
  } catch (err) {
    if (/pixel limit/i.test((err as Error).message ?? '')) throw new ImageBackendError('MALFORMED', 'The picture is too large to store.');
    throw new ImageBackendError('MALFORMED', 'The image service sent something that is not a picture.');
  }
}
