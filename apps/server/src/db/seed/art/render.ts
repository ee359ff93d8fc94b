import sharp from 'sharp';
import type { Appearance } from '../catalogue/types.ts';
import { avatarSvg, bannerSvg, PORTRAIT, portraitSvg, sceneSvg } from './compose.ts';
import { createRng } from './rng.ts';

const MAX_SIDE = 4096;

const GRAIN = (() => {
  // A fixed noise table (same for every picture): deterministic output, and cheaper than a sharp composite.
  const rng = createRng('reverie-grain');
  const t = new Int8Array(65536);
  for (let i = 0; i < t.length; i++) t[i] = Math.round((rng.next() + rng.next() - 1) * 8);
  return t;
})();

/** Rasterises the SVG, adds a light film grain (texture against flat vector fills) and encodes WebP. */
async function toWebp(svg: string, quality = 84): Promise<Buffer> {
  const { data, info } = await sharp(Buffer.from(svg)).raw().toBuffer({ resolveWithObject: true });
  const ch = info.channels;
  const px = new Uint8ClampedArray(data.buffer, data.byteOffset, data.length);
  for (let p = 0, k = 0; p < px.length; p += ch, k = (k + 7919) & 65535) {
    const n = GRAIN[k]!;
    px[p] = px[p]! + n;
    px[p + 1] = px[p + 1]! + n;
    px[p + 2] = px[p + 2]! + n;
  }
  return sharp(data, { raw: { width: info.width, height: info.height, channels: ch } })
    .removeAlpha()
    .webp({ quality, effort: 2, smartSubsample: false })
    .toBuffer();
}

function size(v: number | undefined, fallback: number, name: string): number {
  if (v === undefined) return fallback;
  if (!Number.isInteger(v) || v < 16 || v > MAX_SIDE) throw new Error(`${name} must be an integer between 16 and ${MAX_SIDE}`);
  return v;
}

/** Character portrait, 2:3 by default (768×1152), WebP. */
export async function renderPortrait(a: Appearance, seed: string, opts: { width?: number; height?: number } = {}): Promise<Buffer> {
  const width = size(opts.width, PORTRAIT.width, 'width');
  const height = size(opts.height, opts.width ? Math.round((width * 3) / 2) : PORTRAIT.height, 'height');
  return toWebp(portraitSvg(a, seed, { width, height }));
}

/** Square 512×512 head-and-shoulders avatar, WebP. */
export async function renderAvatar(a: Appearance, seed: string): Promise<Buffer> {
  return toWebp(avatarSvg(a, seed));
}

/** 1500×500 abstract banner from the backdrop and palette, WebP. */
export async function renderBanner(a: Appearance, seed: string): Promise<Buffer> {
  return toWebp(bannerSvg(a, seed));
}

/** 768×1152 gallery picture of the character; `variant` picks framing and mood. */
export async function renderScene(a: Appearance, seed: string, variant: number): Promise<Buffer> {
  return toWebp(sceneSvg(a, seed, variant));
}
