import type { Appearance } from '../catalogue/types.ts';
import { mix } from './color.ts';
import type { Geo } from './geometry.ts';
import { apart, type Cut, fill } from './outfit-fabric.ts';
import { cutOutfit } from './outfit-styles.ts';
import type { Ctx } from './svg.ts';

export type OutfitStyle = Appearance['outfit']['style'];
export const OUTFITS: readonly OutfitStyle[] = [
  'armor',
  'robe',
  'suit',
  'casual',
  'uniform',
  'gown',
  'leather',
  'futuristic',
  'lab-coat',
  'hoodie',
];

export interface OutfitArgs {
  ctx: Ctx;
  g: Geo;
  color: string;
  accent: string;
  skin: string;
  /** -1: key light from the left, 1: from the right. */
  light: number;
}

/** `outline`: path data of parts that stand out of the plain torso (collars, pauldrons), for the silhouette. */
export function drawOutfit(style: OutfitStyle, a: OutfitArgs): { back: string; front: string; outline: string } {
  // Clothing close to the skin tone would read as bare skin: keep it apart.
  const c = apart(a.color, a.skin);
  let outline = '';
  const cut: Cut = {
    a,
    g: a.g,
    c,
    acc: a.accent,
    gold: mix('#e8c066', a.accent, 0.2),
    // Garment shapes that cover the torso also define the silhouette (collars rise above the bare shoulders).
    shape: (d, c, op = 1) => {
      outline += d;
      return fill(d, c, op);
    },
    trace: (d) => {
      outline += d;
    },
  };
  const { back = '', front } = cutOutfit(style, cut);
  return { back, front, outline };
}
