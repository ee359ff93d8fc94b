import type { Appearance } from '../catalogue/types.ts';
import { drawTail, drawWings, neckAndChest } from './body.ts';
import { adjust, darken } from './color.ts';
import { earD, head } from './face.ts';
import { path } from './figure-paint.ts';
import { faceD, geometry, torsoD, type Geo } from './geometry.ts';
import { drawHair } from './hair.ts';
import { drawHeadwear, haloRing, HOOD_D } from './headwear.ts';
import { drawOutfit } from './outfit.ts';
import { type Ctx, f } from './svg.ts';

export type Feature = Appearance['features'][number];
export const FEATURES: readonly Feature[] = [
  'horns',
  'wings',
  'feathered-wings',
  'halo',
  'elf-ears',
  'fangs',
  'glasses',
  'tattoos',
  'scars',
  'glowing-eyes',
  'circuitry',
  'tail',
  'freckles',
  'piercings',
  'crown',
  'hood',
  'beard',
  'antennae',
  'scales',
];

export interface FigureOpts {
  /** -1: key light from the left; 1: from the right. */
  light: number;
  /** Head tilt in degrees. */
  tilt: number;
  /** Gaze offset of the irises (-1..1). */
  gaze: number;
}

export interface Figure {
  /** Everything, front to back, in head-centred coordinates. */
  svg: string;
  /** Path data of the silhouette below the neck and behind (for rim light and silhouettes). */
  outlineBody: string;
  /** Path data of the head and hair, drawn with the head tilt (`headTransform`). */
  outlineHead: string;
  headTransform: string;
}

/** Small per-character differences in face shape, so similar appearances still read as different people. */
function varyProportions(ctx: Ctx, g: Geo): void {
  const jr = ctx.rng.fork('proportions');
  g.cheekW += jr.range(-4, 3);
  g.jawW += jr.range(-5, 5);
  g.jawY += jr.range(-4, 4);
  g.chinY += jr.range(-4, 5);
  g.chinW += jr.range(-3, 4);
  g.eyeH *= jr.range(0.9, 1.1);
  g.neckW += jr.range(-2, 3);
  g.shW += jr.range(-10, 12);
}

export function drawFigure(ctx: Ctx, a: Appearance, o: FigureOpts): Figure {
  const g = geometry(a.presentation);
  varyProportions(ctx, g);
  const f_ = a.features;
  const rng = ctx.rng.fork('figure');
  const skin = a.skinTone;
  const sh = adjust(darken(skin, 0.22), -6, 1.15);
  const accent = a.palette[2];
  const hair = drawHair(ctx, g, a.hairStyle, a.hairColor);
  const outfit = drawOutfit(a.outfit.style, { ctx, g, color: a.outfit.color, accent, skin, light: o.light });
  const hoodC = darken(a.outfit.color, 0.15);
  let behind = '';
  let bodyOutline = '';
  let behindHead = '';

  if (f_.includes('wings') || f_.includes('feathered-wings')) {
    const wings = drawWings(ctx, a, accent);
    behind += wings.svg;
    bodyOutline += wings.outline;
  }
  if (f_.includes('tail')) {
    const tail = drawTail(ctx, a, g, o.light, accent);
    behind += tail.svg;
    bodyOutline += tail.outline;
  }
  if (f_.includes('halo')) behindHead += haloRing(accent);
  let outline = '';
  if (f_.includes('hood')) {
    behindHead += path(HOOD_D, darken(hoodC, 0.62));
    outline += HOOD_D;
  }
  behindHead += hair.back;
  outline += hair.outline;

  // Neck and shoulders (skin), then the outfit.
  let body = outfit.back + neckAndChest(ctx, rng, g, a, o.light, sh) + outfit.front;
  // The head's soft cast shadow on the collar and shoulders.
  body += `<ellipse cx="${-o.light * 14}" cy="190" rx="${g.shW * 0.62}" ry="70" fill="${ctx.radial([
    [0, '#000000', 0.28],
    [1, '#000000', 0],
  ])}"/>`;
  bodyOutline += torsoD(g, { pad: 8 }) + outfit.outline + `M${-g.neckW - 3} 40L${g.neckW + 3} 40L${g.neckW + 3} 210L${-g.neckW - 3} 210Z`;

  const headwear = drawHeadwear(ctx, a, o.light, accent, hoodC);
  outline += headwear.outline;
  const headSvg = head(ctx, g, a, o, hair.front + headwear.svg, hair.fringeD);
  outline += faceD(g) + earD(-1, f_.includes('elf-ears')) + earD(1, f_.includes('elf-ears'));

  const headTransform = `rotate(${f(o.tilt)} 0 150)`;
  const svg =
    behind + `<g transform="${headTransform}">${behindHead}</g>` + body + `<g transform="${headTransform}">${headSvg}${hair.over}</g>`;
  return { svg, outlineBody: bodyOutline, outlineHead: outline, headTransform };
}
