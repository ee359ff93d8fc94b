// The shapes every backdrop is built from: skies, glows, ridges, stars, clouds, fog, trees, rays and lit windows.
import { lighten } from './color.ts';
import type { Backdrop, Palette } from './backdrops.ts';
import type { Rng } from './rng.ts';
import { circleD, type Ctx, f, smoothOpen } from './svg.ts';

/** A backdrop being drawn: the render context, its random stream, the box, the palette and the detail scale. */
export interface B {
  ctx: Ctx;
  rng: Rng;
  w: number;
  h: number;
  p: Palette;
  /** Scale of details relative to the 768×1152 portrait. */
  s: number;
}

/** The drawings of some of the backdrops, one per name. */
export type BackdropDrawings<K extends Backdrop> = Record<K, (b: B) => string>;

/** A rectangle a little larger than the w×h box, so nothing shows at its edges. */
export const rect = (w: number, h: number, fill: string, extra = '') =>
  `<rect x="-2" y="-2" width="${f(w + 4)}" height="${f(h + 4)}" fill="${fill}"${extra}/>`;

/** The sky: a vertical gradient over the whole box, from the first palette colour to the second unless given. */
export function sky(b: B, stops?: Array<[number, string]>) {
  const st = stops ?? [
    [0, b.p[0]],
    [1, b.p[1]],
  ];
  return rect(b.w, b.h, b.ctx.linear(st.map(([o, c]) => [o, c])));
}

/** A soft round glow of light centred on (cx, cy). */
export function glow(b: B, cx: number, cy: number, r: number, color: string, strength = 0.6) {
  const g = b.ctx.radialU(
    [
      [0, color, strength],
      [0.35, color, strength * 0.45],
      [1, color, 0],
    ],
    cx,
    cy,
    r,
  );
  return `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${g}"/>`;
}

/** A shared soft dot gradient (bounding-box units) reused by many small glows. */
function dotFill(b: B, color: string) {
  return b.ctx.radial([
    [0, lighten(color, 0.6), 1],
    [0.25, color, 0.8],
    [1, color, 0],
  ]);
}

/** A hilly horizon around baseY, filled down to the bottom of the box. */
export function ridge(b: B, baseY: number, amp: number, n: number, jag = 0.5): string {
  const pts: Array<[number, number]> = [];
  for (let i = 0; i <= n; i++) {
    const x = (i / n) * (b.w + 40) - 20;
    pts.push([x, baseY - amp * (0.5 + 0.5 * Math.sin(i * 1.7 + b.rng.range(0, 6))) * (1 - jag + jag * b.rng.next())]);
  }
  return `${smoothOpen(pts)}L${f(b.w + 20)} ${f(b.h + 20)}L-20 ${f(b.h + 20)}Z`;
}

/** Small stars above yMax, with a few bright twinkling ones. */
export function stars(b: B, count: number, yMax: number, color = '#ffffff') {
  let small = '';
  let bright = '';
  for (let i = 0; i < count; i++) {
    const x = b.rng.range(0, b.w);
    const y = Math.pow(b.rng.next(), 1.4) * yMax;
    const r = b.rng.range(0.6, 1.7) * b.s;
    small += circleD(x, y, r);
  }
  const glowFill = dotFill(b, color);
  for (let i = 0; i < Math.round(count / 25); i++) {
    const x = b.rng.range(0, b.w);
    const y = b.rng.range(0, yMax * 0.8);
    const r = b.rng.range(6, 14) * b.s;
    bright += `<circle cx="${f(x)}" cy="${f(y)}" r="${f(r)}" fill="${glowFill}"/><path d="M${f(x - r * 1.6)} ${f(y)}H${f(x + r * 1.6)}M${f(x)} ${f(y - r * 1.6)}V${f(y + r * 1.6)}" stroke="${color}" stroke-opacity="0.55" stroke-width="${f(0.8 * b.s)}"/>`;
  }
  return `<path d="${small}" fill="${color}" fill-opacity="0.85"/>${bright}`;
}

/** A puffy cloud of overlapping circles on a flat base, shaded from top to bottom. */
export function cloud(b: B, cx: number, cy: number, width: number, top: string, bottom: string, alpha = 1) {
  let d = '';
  const n = b.rng.int(5, 8);
  for (let i = 0; i < n; i++) {
    const t = i / (n - 1);
    const x = cx - width / 2 + t * width;
    const r = width * (0.12 + 0.14 * Math.sin(Math.PI * t)) * b.rng.range(0.8, 1.2);
    d += circleD(x, cy - r * 0.35, r);
  }
  d += `M${f(cx - width / 2)} ${f(cy)}h${f(width)}v${f(width * 0.08)}h${f(-width)}Z`;
  const fill = b.ctx.linearU(
    [
      [0, top, alpha],
      [1, bottom, alpha],
    ],
    0,
    cy - width * 0.35,
    0,
    cy + width * 0.08,
  );
  return `<path d="${d}" fill="${fill}"/>`;
}

/** A horizontal band of haze centred on y. */
export function fog(b: B, y: number, height: number, color: string, alpha: number) {
  const fill = b.ctx.linear([
    [0, color, 0],
    [0.5, color, alpha],
    [1, color, 0],
  ]);
  return `<rect x="-2" y="${f(y - height / 2)}" width="${f(b.w + 4)}" height="${f(height)}" fill="${fill}"/>`;
}

/** Glowing motes scattered over the width, between yMin and yMax. */
export function particles(b: B, n: number, color: string, yMin: number, yMax: number, rMin: number, rMax: number) {
  const fill = dotFill(b, color);
  let out = '';
  for (let i = 0; i < n; i++) {
    const r = b.rng.range(rMin, rMax) * b.s;
    out += `<circle cx="${f(b.rng.range(0, b.w))}" cy="${f(b.rng.range(yMin, yMax))}" r="${f(r)}" fill="${fill}"/>`;
  }
  return out;
}

/** A row of pine trees standing on the ground at baseY, optionally with snow on their tiers. */
export function pines(b: B, baseY: number, count: number, hMin: number, hMax: number, color: string, snow?: string) {
  let d = '';
  let sd = '';
  for (let i = 0; i < count; i++) {
    const x = (i + b.rng.range(-0.3, 0.3)) * ((b.w + 80) / count) - 40;
    const th = b.rng.range(hMin, hMax) * b.s;
    const tw = th * b.rng.range(0.32, 0.42);
    const y0 = baseY + b.rng.range(-10, 10) * b.s;
    const tiers = 4;
    for (let k = 0; k < tiers; k++) {
      const ty = y0 - (th * k) / (tiers + 0.6);
      const ww = tw * (1 - k / (tiers + 0.8));
      const top = ty - th / 2.2;
      d += `M${f(x - ww)} ${f(ty)}Q${f(x - ww * 0.3)} ${f(ty - th * 0.12)} ${f(x)} ${f(top)}Q${f(x + ww * 0.3)} ${f(ty - th * 0.12)} ${f(x + ww)} ${f(ty)}Z`;
      if (snow)
        sd += `M${f(x - ww * 0.55)} ${f(ty - th * 0.18)}Q${f(x)} ${f(ty - th * 0.26)} ${f(x + ww * 0.55)} ${f(ty - th * 0.18)}L${f(x)} ${f(top + 3)}Z`;
    }
    d += `M${f(x - tw * 0.08)} ${f(y0)}h${f(tw * 0.16)}v${f(th * 0.3)}h${f(-tw * 0.16)}Z`;
  }
  d += `M-2 ${f(baseY + 6 * b.s)}H${f(b.w + 2)}V${f(b.h + 2)}H-2Z`;
  return `<path d="${d}" fill="${color}"/>${snow ? `<path d="${sd}" fill="${snow}" fill-opacity="0.9"/>` : ''}`;
}

/** Beams of light fanning downwards from (ox, oy). */
export function rays(b: B, ox: number, oy: number, n: number, color: string, alpha: number) {
  let d = '';
  for (let i = 0; i < n; i++) {
    const a = b.rng.range(Math.PI * 0.15, Math.PI * 0.85);
    const spread = b.rng.range(0.02, 0.06);
    const L = Math.max(b.w, b.h) * 1.5;
    d += `M${f(ox)} ${f(oy)}L${f(ox + Math.cos(a - spread) * L)} ${f(oy + Math.sin(a - spread) * L)}L${f(ox + Math.cos(a + spread) * L)} ${f(oy + Math.sin(a + spread) * L)}Z`;
  }
  const fill = b.ctx.radialU(
    [
      [0, color, alpha],
      [1, color, 0],
    ],
    ox,
    oy,
    Math.max(b.w, b.h),
  );
  return `<path d="${d}" fill="${fill}"/>`;
}

/** The window grid of a building, split into lit and dark windows. */
export function windowsGrid(b: B, x: number, y: number, w: number, h: number, lit: number): [string, string] {
  let on = '';
  let off = '';
  const ww = 5 * b.s;
  const wh = 7 * b.s;
  const gx = 11 * b.s;
  const gy = 15 * b.s;
  for (let yy = y + 10 * b.s; yy < y + h - wh; yy += gy) {
    for (let xx = x + 6 * b.s; xx < x + w - ww - 3 * b.s; xx += gx) {
      const r = `M${f(xx)} ${f(yy)}h${f(ww)}v${f(wh)}h${f(-ww)}Z`;
      if (b.rng.chance(lit)) on += r;
      else off += r;
    }
  }
  return [on, off];
}
