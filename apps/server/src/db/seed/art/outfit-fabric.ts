// The outfits' materials and brushes: lit cloth, strokes and fills, fold shadows, colours kept apart from the skin.
import { darken, lighten, luma, mix, toRgb } from './color.ts';
import type { Geo } from './geometry.ts';
import type { OutfitArgs } from './outfit.ts';
import { f } from './svg.ts';

/** What every garment is cut with: the arguments, the colours, and the brush that also traces the silhouette. */
export interface Cut {
  a: OutfitArgs;
  g: Geo;
  /** The garment's colour, kept apart from the skin tone. */
  c: string;
  acc: string;
  gold: string;
  /** A garment shape that covers the torso: filled, and added to the silhouette. */
  shape: (d: string, c: string, op?: number) => string;
  /** Adds path data to the silhouette only (a part drawn with another brush: a gorget, a pauldron, a folded hood). */
  trace: (d: string) => void;
}

/** A garment's layers: `back` behind the neck and body, `front` over them. */
export interface Garment {
  back?: string;
  front: string;
}

/** Cloth fill: lit on the key-light side, falling into shadow on the other. */
export function cloth(a: OutfitArgs, c: string, sheen = 0.18) {
  const lo = darken(c, 0.38);
  const hi = lighten(c, sheen);
  const [x1, x2] = a.light < 0 ? [-260, 260] : [260, -260];
  return a.ctx.linearU(
    [
      [0, hi],
      [0.45, c],
      [1, lo],
    ],
    x1,
    150,
    x2,
    600,
  );
}

export const stroke = (d: string, c: string, w: number, op = 1, extra = '') =>
  `<path d="${d}" fill="none" stroke="${c}" stroke-width="${f(w)}"${op < 1 ? ` stroke-opacity="${op}"` : ''} stroke-linecap="round" stroke-linejoin="round"${extra}/>`;
export const fill = (d: string, c: string, op = 1) => `<path d="${d}" fill="${c}"${op < 1 ? ` fill-opacity="${op}"` : ''}/>`;

/** Returns `c`, or a clearly different shade when it sits too close to the skin tone. */
export function apart(c: string, skin: string): string {
  const [r1, g1, b1] = toRgb(c);
  const [r2, g2, b2] = toRgb(skin);
  const d = Math.abs(r1 - r2) + Math.abs(g1 - g2) + Math.abs(b1 - b2);
  if (d > 75) return c;
  return luma(skin) > 0.45 ? darken(c, 0.5) : mix(lighten(c, 0.45), '#e8ecf4', 0.3);
}

/** Soft fold shadows that make flat fabric read as cloth. */
export function folds(a: OutfitArgs, c: string) {
  const s = a.g.shW;
  const r = a.ctx.rng;
  let d = '';
  for (const side of [-1, 1]) {
    const x = side * (s - 26);
    d += `M${f(x)} ${f(300 + r.range(0, 30))}q${f(-side * 18)} 90 ${f(-side * 6)} 240`;
    d += `M${f(side * r.range(60, 110))} ${f(330 + r.range(0, 60))}q${f(side * 10)} 60 ${f(side * r.range(-8, 8))} 160`;
  }
  return stroke(d, darken(c, 0.45), 5, 0.35);
}
