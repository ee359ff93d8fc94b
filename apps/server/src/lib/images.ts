// Uploaded images are never stored as sent: sharp decodes them (with a pixel limit against decompression bombs),
// strips metadata, and re-encodes to WebP.
import sharp from 'sharp';
import { AppError } from './app-error.ts';

export const MAX_INPUT_PIXELS = 40_000_000;

export async function reencodeSquareWebp(input: Buffer, size: number): Promise<Buffer> {
  try {
    return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(size, size, { fit: 'cover', position: 'attention' })
      .webp({ quality: 85 })
      .toBuffer();
  } catch (err) {
    const msg = (err as Error).message ?? '';
    if (/pixel limit/i.test(msg)) throw new AppError(413, 'PAYLOAD_TOO_LARGE', 'That image is too large. Use one under 40 megapixels.');
    throw new AppError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'That file is not an image we can read. Upload a JPEG, PNG, WebP, GIF or AVIF image.',
    );
  }
}
