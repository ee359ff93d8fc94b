// Uploaded images are never stored as sent: sharp decodes them (with a pixel limit against decompression bombs),
// strips metadata, and re-encodes to WebP.
import sharp from 'sharp';
import { AppError } from './app-error.ts';

export const MAX_INPUT_PIXELS = 40_000_000;

/** Character portraits: 2:3, the size the seed catalogue renders, plus a square thumbnail for lists and chat. */
export const PORTRAIT = { width: 768, height: 1152 } as const;
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
 * A character portrait (768×1152 WebP, cropped to 2:3 around the most interesting part) and its 384² thumbnail
 * (the top of the portrait, where the face usually is). The thumbnail is cut from the decoded upload, not the
 * re-encoded portrait, so it is compressed once.
 */
export async function reencodePortraitWebp(input: Buffer): Promise<{ portrait: Buffer; thumbnail: Buffer }> {
  try {
    const pixels = await decode(input)
      .resize(PORTRAIT.width, PORTRAIT.height, { fit: 'cover', position: 'attention' })
      .flatten({ background: '#0f0d17' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: pixels.info.width, height: pixels.info.height, channels: pixels.info.channels } };
    const [portrait, thumbnail] = await Promise.all([
      sharp(pixels.data, raw).webp({ quality: 85 }).toBuffer(),
      sharp(pixels.data, raw).resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'cover', position: 'top' }).webp({ quality: 82 }).toBuffer(),
    ]);
    return { portrait, thumbnail };
  } catch (err) {
    throw uploadError(err);
  }
}

/** A stored image (ours, already safe) as PNG: the carrier of an exported character card. */
export async function toPng(image: Buffer): Promise<Buffer> {
  return sharp(image, { limitInputPixels: MAX_INPUT_PIXELS }).png({ compressionLevel: 8 }).toBuffer();
}

/** A plain 2:3 PNG for exporting a character that has no portrait (a card needs an image to live in). */
export async function blankPortraitPng(): Promise<Buffer> {
  const { width, height } = { width: PORTRAIT.width / 2, height: PORTRAIT.height / 2 };
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#3b1d5e"/><stop offset="1" stop-color="#0f172a"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
