import type { Appearance } from '../catalogue/types.ts';
import { adjust, darken, lighten } from './color.ts';
import type { Geo } from './geometry.ts';
import { flow, fringe, type H, sheen, strands } from './hair-strokes.ts';
import { styleHair } from './hair-styles.ts';
import { circleD, type Ctx } from './svg.ts';

export type HairStyle = Appearance['hairStyle'];
export const HAIR_STYLES: readonly HairStyle[] = [
  'long',
  'short',
  'wavy',
  'curly',
  'bun',
  'ponytail',
  'braids',
  'buzz',
  'bob',
  'undercut',
  'bald',
];

export interface HairLayers {
  /** Behind the head and body. */
  back: string;
  /** Over the forehead (fringe, cap). */
  front: string;
  /** Path data of the fringe, for the shadow it casts on the face. */
  fringeD: string;
  /** In front of everything (locks over the shoulders, braids). */
  over: string;
  /** Path data of every hair shape, for the rim light. */
  outline: string;
}

/** The hair in its layers around the head (`g`), drawn from the hair's own random stream. */
export function drawHair(ctx: Ctx, g: Geo, style: HairStyle, color: string): HairLayers {
  const rng = ctx.rng.fork('hair');
  const dark = adjust(darken(color, 0.42), -8, 1.1);
  const light = lighten(color, 0.42);
  const h: H = {
    ctx,
    rng,
    g,
    base: color,
    dark,
    light,
    fillTop: ctx.linearU(
      [
        [0, lighten(color, 0.12)],
        [0.5, color],
        [1, darken(color, 0.25)],
      ],
      0,
      -160,
      0,
      40,
    ),
    fillLong: ctx.linearU(
      [
        [0, darken(color, 0.1)],
        [0.4, darken(color, 0.25)],
        [1, darken(color, 0.5)],
      ],
      0,
      -100,
      0,
      420,
    ),
  };
  const part = rng.pick([-40, -25, 20, 35, 0]);
  const L: HairLayers = { back: '', front: '', fringeD: '', over: '', outline: '' };
  const cap = (extra = 0) => circleD(0, -30, 118 + extra);
  const put = (layer: 'back' | 'front' | 'over', d: string, fill: string) => {
    L[layer] += `<path d="${d}" fill="${fill}"/>`;
    L.outline += d;
  };
  const standardFringe = (tip = 0, count = rng.int(6, 8), notch = -60) => {
    const d = fringe(h, { x0: -110, x1: 110, tip, notch, count, part });
    put('front', d, h.fillTop);
    L.fringeD = d;
    L.front += flow(h, d, part, tip);
    L.front += sheen(h, -96, 88, d);
    L.front += strands(h, d, 8, -80, 80, -120, -20);
  };

  styleHair(style, { h, rng, part, L, cap, put, standardFringe });
  return L;
}
