// The hair's brushes: fringes, hanging locks, strand and flow lines, and the sheen across the crown.
import { lighten } from './color.ts';
import type { Geo } from './geometry.ts';
import type { Rng } from './rng.ts';
import { type Ctx, f } from './svg.ts';

/** One head of hair being drawn: the drawing, the hair's random stream, the head's proportions and the hair's tones. */
export interface H {
  ctx: Ctx;
  rng: Rng;
  g: Geo;
  base: string;
  dark: string;
  light: string;
  fillTop: string;
  fillLong: string;
}

/** Jagged anime fringe: locks sweeping away from the parting. */
export function fringe(
  h: H,
  o: { x0: number; x1: number; tip: number; notch: number; count: number; part: number; top?: number; side?: number },
) {
  const { rng } = h;
  const top = o.top ?? -150;
  const side = o.side ?? 30;
  let d = `M${f(o.x0)} ${f(side)}C${f(o.x0 - 12)} -70 -84 ${f(top)} 0 ${f(top)}C84 ${f(top)} ${f(o.x1 + 12)} -70 ${f(o.x1)} ${f(side)}`;
  const n = o.count;
  let px = o.x1;
  let py = side;
  for (let i = 0; i < n; i++) {
    const t = (i + 0.5) / n;
    const x = o.x1 - t * (o.x1 - o.x0) + rng.range(-5, 5);
    const lean = (x - o.part) * 0.22;
    const centre = 1 - Math.abs(x) / 120;
    const tipY = o.tip + rng.range(-14, 14) + centre * 10;
    const tx = x + lean * 0.6;
    d += `Q${f(px + (tx - px) * 0.15)} ${f((py + tipY) / 2 + 6)} ${f(tx)} ${f(tipY)}`;
    const nx = o.x1 - ((i + 1) / n) * (o.x1 - o.x0);
    const ny = i === n - 1 ? side : o.notch + rng.range(-10, 10);
    d += `Q${f(tx + (nx - tx) * 0.55)} ${f(tipY - 14)} ${f(nx)} ${f(ny)}`;
    px = nx;
    py = ny;
  }
  return d + 'Z';
}

/** A long lock hanging from the temple, tapered to a point. */
export function lock(side: number, x0: number, y0: number, len: number, width: number, curl: number) {
  const s = side;
  return `M${f(s * x0)} ${f(y0)}C${f(s * (x0 + width * 0.9))} ${f(y0 + len * 0.3)} ${f(s * (x0 + width + curl))} ${f(y0 + len * 0.7)} ${f(s * (x0 + width * 0.6 + curl * 1.6))} ${f(y0 + len)}C${f(s * (x0 + curl * 0.6))} ${f(y0 + len * 0.7)} ${f(s * (x0 - width * 0.35))} ${f(y0 + len * 0.35)} ${f(s * (x0 - width * 0.5))} ${f(y0 + 10)}Z`;
}

/** Strand lines across a hair shape, clipped to it (`clipD`) when given. */
export function strands(h: H, clipD: string, count: number, x0: number, x1: number, y0: number, y1: number, bend = 0) {
  let s = '';
  for (let i = 0; i < count; i++) {
    const x = h.rng.range(x0, x1);
    const len = h.rng.range(0.5, 1) * (y1 - y0);
    const b = bend + h.rng.range(-10, 10);
    s += `M${f(x)} ${f(y0 + h.rng.range(0, 20))}q${f(b)} ${f(len * 0.5)} ${f(b * 0.4)} ${f(len)}`;
  }
  const lines = `<path d="${s}" fill="none" stroke="${h.dark}" stroke-opacity="0.35" stroke-width="2.2" stroke-linecap="round"/>`;
  return clipD ? `<g clip-path="${h.ctx.clip(`<path d="${clipD}"/>`)}">${lines}</g>` : lines;
}

/** Flow lines from the parting down into the locks: gives the fringe volume and direction. */
export function flow(h: H, clipD: string, part: number, tip: number) {
  let d = '';
  const n = 9;
  for (let i = 0; i < n; i++) {
    const x = -100 + (i / (n - 1)) * 200 + h.rng.range(-6, 6);
    const sx = part * 0.6;
    const sy = -150;
    const ex = x + (x - part) * 0.15;
    const ey = tip - h.rng.range(4, 18);
    d += `M${f(sx + (x - sx) * 0.15)} ${f(sy + 6)}Q${f(x + (x - sx) * 0.25)} ${f(-110)} ${f(ex)} ${f(ey)}`;
  }
  return `<g clip-path="${h.ctx.clip(`<path d="${clipD}"/>`)}"><path d="${d}" fill="none" stroke="${h.dark}" stroke-opacity="0.3" stroke-width="3" stroke-linecap="round"/></g>`;
}

/** The anime "angel ring": a bright band round the crown with a jagged lower edge, plus a few glints. */
export function sheen(h: H, y: number, rx: number, clipD: string) {
  const clip = h.ctx.clip(`<path d="${clipD}"/>`);
  const pt = (a: number, dy: number, k = 1): [number, number] => [Math.cos(a) * rx * k, y + dy - Math.sin(a) * rx * 0.3 * k];
  const a0 = Math.PI * 1.12;
  const a1 = Math.PI * 1.88;
  const n = 14;
  let d = '';
  for (let i = 0; i <= n; i++) {
    const [x, yy] = pt(a0 + ((a1 - a0) * i) / n, -8);
    d += `${i ? 'L' : 'M'}${f(x)} ${f(yy)}`;
  }
  for (let i = n; i >= 0; i--) {
    const a = a0 + ((a1 - a0) * i) / n;
    const [x, yy] = pt(a, i % 2 ? 10 + h.rng.range(2, 14) : 4, 0.98);
    d += `L${f(x)} ${f(yy)}`;
  }
  d += 'Z';
  let glints = '';
  for (let i = 0; i < 3; i++) {
    const a = Math.PI * (1.25 + i * 0.22 + h.rng.range(-0.04, 0.04));
    const [x, yy] = pt(a, -2);
    glints += `M${f(x - 9)} ${f(yy)}q9 -3 18 0`;
  }
  return (
    `<g clip-path="${clip}"><path d="${d}" fill="${h.light}" fill-opacity="0.28"/>` +
    `<path d="${glints}" fill="none" stroke="${lighten(h.light, 0.5)}" stroke-opacity="0.8" stroke-width="3.5" stroke-linecap="round"/></g>`
  );
}
