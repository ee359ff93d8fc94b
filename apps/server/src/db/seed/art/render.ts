import sharp from 'sharp';
import type { Appearance } from '../catalogue/types.ts';
import { avatarSvg, bannerSvg, PORTRAIT, portraitSvg, sceneSvg } from './compose.ts';
import { createRng } from './rng.ts';

const MAX_SIDE = 4096;

let grainTile: Buffer | undefined;
/** A fixed film-grain tile (mid-grey noise); soft-light blending leaves colours intact and adds texture. */
function grain(): Buffer {
  if (grainTile) return grainTile;
  const size = 128;
  const rng = createRng('reverie-grain');
  const buf = Buffer.alloc(size * size * 4);
  for (let i = 0; i < size * size; i++) {
    const v = 128 + Math.round((rng.next() + rng.next() - 1) * 60);
    buf[i * 4] = v;
    buf[i * 4 + 1] = v;
    buf[i * 4 + 2] = v;
    buf[i * 4 + 3] = 70;
  }
  grainTile = buf;
  return buf;
}

async function toWebp(svg: string, quality = 84): Promise<Buffer> {
  return sharp(Buffer.from(svg))
    .composite([{ input: grain(), raw: { width: 128, height: 128, channels: 4 }, tile: true, blend: 'soft-light' }])
    .webp({ quality, effort: 4 })
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
