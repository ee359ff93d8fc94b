import type { Appearance } from '../catalogue/types.ts';
import { type B, rect } from './backdrop-shapes.ts';
import { cityBackdrops } from './backdrops-city.ts';
import { indoorBackdrops } from './backdrops-indoor.ts';
import { landscapeBackdrops } from './backdrops-landscape.ts';
import { skyBackdrops } from './backdrops-sky.ts';
import { darken, mix, vivid } from './color.ts';
import type { Ctx } from './svg.ts';

export type Backdrop = Appearance['backdrop'];
export type Palette = [string, string, string];
/** Time-of-day mood; `base` keeps the catalogue palette as written. */
export type Mood = 'base' | 'day' | 'dusk' | 'night';

export const BACKDROPS: readonly Backdrop[] = [
  'city-night',
  'neon',
  'forest',
  'castle',
  'space',
  'ocean',
  'desert',
  'library',
  'cafe',
  'ruins',
  'snow',
  'temple',
  'lab',
  'sunset',
  'hellscape',
  'clouds',
];

export function moodPalette([a, b, c]: Palette, mood: Mood): Palette {
  switch (mood) {
    case 'night':
      return [mix(darken(a, 0.55), '#0b1030', 0.35), mix(darken(b, 0.45), '#1a1f4a', 0.3), vivid(c, 0.6, 0.6)];
    case 'day':
      return [mix(a, '#4f9bff', 0.45), mix(b, '#ffe2b8', 0.4), c];
    case 'dusk':
      return [mix(a, '#2a1b4d', 0.4), mix(b, '#ff8a4c', 0.4), mix(c, '#ffb36b', 0.3)];
    default:
      return [a, b, c];
  }
}

/** Every backdrop's drawing, by name. */
const draw: Record<Backdrop, (b: B) => string> = {
  ...cityBackdrops,
  ...landscapeBackdrops,
  ...skyBackdrops,
  ...indoorBackdrops,
};

/** The scene behind a character, drawn in a w×h box. */
export function drawBackdrop(ctx: Ctx, kind: Backdrop, palette: Palette, w: number, h: number, mood: Mood = 'base'): string {
  const fn = draw[kind];
  if (!fn) throw new Error(`Unknown backdrop "${String(kind)}"`);
  const p = moodPalette(palette, mood);
  const b: B = { ctx, rng: ctx.rng.fork(`backdrop:${kind}`), w, h, p, s: Math.sqrt(w * h) / 940 };
  let out = fn(b);
  if (mood === 'night') out += rect(w, h, '#060a24', ' fill-opacity="0.25"');
  if (mood === 'dusk')
    out += rect(
      w,
      h,
      ctx.linear([
        [0, '#3b1d5a', 0.2],
        [1, '#ff8a4c', 0.18],
      ]),
    );
  return out;
}
