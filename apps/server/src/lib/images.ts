// Uploaded images are never stored as sent: sharp decodes them (with a pixel limit against decompression bombs),
// strips metadata (all but the AI mark of a picture a model made, on portraits), and re-encodes to WebP.
import sharp from 'sharp';
import { keptAiMark } from './ai-mark.ts';
import { AppError } from './app-error.ts';

export const MAX_INPUT_PIXELS = 40_000_000;

/**
 * Character portraits keep their own size and aspect: only a picture larger than `PORTRAIT_MAX` on a side is scaled
 * down (for safety), none is scaled up or cropped; cropping is the page's business (`object-fit`). The square
 * thumbnail for lists and chat is cut from the top, where the face usually is.
 */
export const PORTRAIT_MAX = 2048;
export const THUMBNAIL_SIZE = 384;

function decode(input: Buffer) {
  return sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
}

function uploadError(err: unknown): AppError {
  const msg = (err as Error).message ?? '';
  if (/pixel limit/i.test(msg)) return new AppError(413, 'PAYLOAD_TOO_LARGE', 'That image is too large. Use one under 40 megapixels.');
  return new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'That file is not an image we can read. Upload a JPEG, PNG, WebP, GIF or AVIF image.');
}

export async function reencodeSquareWebp(input: Buffer, size: number): Promise<Buffer> {
  try {
    return await decode(input).resize(size, size, { fit: 'cover', position: 'attention' }).webp({ quality: 85 }).toBuffer();
  } catch (err) {
    throw uploadError(err);
  }
}

/**
 * A character portrait (WebP at its own size and aspect; lossless when the upload was a PNG, so a card exported
 * again as PNG carries the same pixels) and its 384² thumbnail, both from one decode.
 */
export async function reencodePortraitWebp(input: Buffer): Promise<{ portrait: Buffer; thumbnail: Buffer }> {
  try {
    const source = decode(input);
    const { format, xmp } = await source.metadata();
    // The one piece of metadata kept: a picture a model made stays marked as such (ai-mark.ts).
    const mark = keptAiMark(xmp);
    const marked = (s: sharp.Sharp) => (mark ? s.withXmp(mark) : s);
    const pixels = await source
      .resize(PORTRAIT_MAX, PORTRAIT_MAX, { fit: 'inside', withoutEnlargement: true })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: pixels.info.width, height: pixels.info.height, channels: pixels.info.channels } };
    const [portrait, thumbnail] = await Promise.all([
      marked(sharp(pixels.data, raw))
        .webp(format === 'png' ? { lossless: true } : { quality: 90 })
        .toBuffer(),
      marked(sharp(pixels.data, raw).flatten({ background: '#0f0d17' }))
        .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'cover', position: 'top' })
        .webp({ quality: 82 })
        .toBuffer(),
    ]);
    return { portrait, thumbnail };
  } catch (err) {
    throw uploadError(err);
  }
}

/** Any other image that travelled with a card (a CharX asset): re-encoded in its own format, metadata stripped. */
export async function reencodeAsset(input: Buffer): Promise<{ bytes: Buffer; ext: 'png' | 'jpeg' | 'webp'; contentType: string }> {
  const image = decode(input).resize(PORTRAIT_MAX * 2, PORTRAIT_MAX * 2, { fit: 'inside', withoutEnlargement: true });
  const { format } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  if (format === 'png') return { bytes: await image.png({ compressionLevel: 8 }).toBuffer(), ext: 'png', contentType: 'image/png' };
  if (format === 'jpeg') return { bytes: await image.jpeg({ quality: 92 }).toBuffer(), ext: 'jpeg', contentType: 'image/jpeg' };
  return { bytes: await image.webp({ quality: 90 }).toBuffer(), ext: 'webp', contentType: 'image/webp' };
}

/** A stored image (ours, already safe) as PNG: the carrier of an exported character card. */
export async function toPng(image: Buffer): Promise<Buffer> {
  return sharp(image, { limitInputPixels: MAX_INPUT_PIXELS }).png({ compressionLevel: 8 }).toBuffer();
}

/** A plain 2:3 PNG for exporting a character that has no portrait (a card needs an image to live in). */
export async function blankPortraitPng(): Promise<Buffer> {
  const { width, height } = { width: 384, height: 576 };
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#3b1d5e"/><stop offset="1" stop-color="#0f172a"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
