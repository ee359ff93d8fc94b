// What the figure wears or grows on its head: a halo, a hood, horns, antennae and a crown.
import type { Appearance } from '../catalogue/types.ts';
import { darken, lighten, mix, vivid } from './color.ts';
import { line, path, type Part } from './figure-paint.ts';
import { circleD, type Ctx, glowLine } from './svg.ts';

/** The hood's outer shape: drawn behind the head, and part of the silhouette. */
export const HOOD_D = `M-170 260C-200 60 -150 -200 0 -200C150 -200 200 60 170 260Z`;

/** A glowing ring floating above the head. */
export function haloRing(accent: string): string {
  const hc = lighten(vivid(accent, 0.6, 0.6), 0.4);
  return glowLine(`M-96 -190a96 26 0 1 0 192 0a96 26 0 1 0 -192 0Z`, hc, 7, '#fffbe8');
}

function horns(ctx: Ctx, accent: string): Part {
  const hc = darken(mix(accent, '#2a1a1a', 0.55), 0.2);
  let d = '';
  for (const s of [-1, 1])
    d += `M${s * 36} -110C${s * 40} -170 ${s * 90} -210 ${s * 140} -232C${s * 110} -200 ${s * 74} -160 ${s * 70} -104Z`;
  let svg = path(
    d,
    ctx.linearU(
      [
        [0, darken(hc, 0.4)],
        [0.7, hc],
        [1, lighten(hc, 0.5)],
      ],
      0,
      -100,
      0,
      -232,
    ),
  );
  svg += line(`M-48 -140q-10 -8 -6 -18M-66 -170q-10 -6 -8 -14M48 -140q10 -8 6 -18M66 -170q10 -6 8 -14`, lighten(hc, 0.3), 2.5, 0.6);
  return { svg, outline: d };
}

function antennae(a: Appearance, accent: string): string {
  const c = vivid(accent, 0.8, 0.6);
  const d = `M-30 -120C-40 -180 -80 -220 -100 -240M30 -120C40 -180 80 -220 100 -240`;
  let svg = line(d, darken(a.hairColor, 0.3), 4);
  svg +=
    path(circleD(-100, -240, 22) + circleD(100, -240, 22), c, 0.18) +
    path(circleD(-100, -240, 9) + circleD(100, -240, 9), c) +
    path(circleD(-103, -243, 3) + circleD(97, -243, 3), '#ffffff', 0.8);
  return svg;
}

function crown(ctx: Ctx, accent: string): Part {
  const gold = '#e9c46a';
  const d = `M-70 -118L-84 -176L-48 -146L-24 -196L0 -150L24 -196L48 -146L84 -176L70 -118Q0 -132 -70 -118Z`;
  let svg = path(
    d,
    ctx.linearU(
      [
        [0, lighten(gold, 0.4)],
        [1, darken(gold, 0.3)],
      ],
      0,
      -200,
      0,
      -118,
    ),
    1,
    ` stroke="${darken(gold, 0.45)}" stroke-width="2"`,
  );
  svg += path(circleD(0, -134, 6) + circleD(-40, -130, 4) + circleD(40, -130, 4), vivid(accent, 0.8, 0.5));
  return { svg, outline: d };
}

/** The hood's rim framing the face, lit from the key-light side (`light`). */
function hoodRim(ctx: Ctx, light: number, accent: string, hoodC: string): string {
  const rim = `M-170 260C-200 60 -150 -200 0 -200C150 -200 200 60 170 260L120 260C130 120 126 -40 100 -90C80 -140 40 -150 0 -150C-40 -150 -80 -140 -100 -90C-126 -40 -130 120 -120 260Z`;
  let svg = path(
    rim,
    ctx.linearU(
      [
        [0, lighten(hoodC, 0.15)],
        [1, darken(hoodC, 0.35)],
      ],
      light * -200,
      0,
      light * 200,
      0,
    ),
  );
  svg += line(
    `M-120 260C-130 120 -126 -40 -100 -90C-80 -140 -40 -150 0 -150C40 -150 80 -140 100 -90C126 -40 130 120 120 260`,
    vivid(accent, 0.5, 0.55),
    5,
    0.9,
  );
  svg += line(`M-150 120C-160 20 -130 -120 -40 -170M150 150C160 40 150 -80 90 -150`, darken(hoodC, 0.45), 3, 0.5);
  return svg;
}

/** What goes over the hair in front of the head: horns, antennae, a crown, the hood's rim. */
export function drawHeadwear(ctx: Ctx, a: Appearance, light: number, accent: string, hoodC: string): Part {
  const f_ = a.features;
  let svg = '';
  let outline = '';
  if (f_.includes('horns')) {
    const h = horns(ctx, accent);
    svg += h.svg;
    outline += h.outline;
  }
  if (f_.includes('antennae')) svg += antennae(a, accent);
  if (f_.includes('crown')) {
    const c = crown(ctx, accent);
    svg += c.svg;
    outline += c.outline;
  }
  if (f_.includes('hood')) svg += hoodRim(ctx, light, accent, hoodC);
  return { svg, outline };
}
