import type { Rng } from './rng.ts';

/** Rounds for compact, stable SVG text. */
export const f = (v: number) => (Math.round(v * 10) / 10).toString();

export type Stop = [offset: number, color: string, opacity?: number];

const stopsXml = (stops: Stop[]) =>
  stops
    .map(
      ([o, c, a]) =>
        `<stop offset="${f(o * 100)}%" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${f(a * 100) === '100' ? 1 : Math.round(a * 1000) / 1000}"`}/>`,
    )
    .join('');

/**
 * One drawing's shared state: its <defs> (gradients, clip paths, filters) with ids unique inside the document,
 * and its seeded randomness.
 */
export class Ctx {
  private defs: string[] = [];
  private n = 0;
  constructor(
    readonly rng: Rng,
    readonly prefix = 'a',
  ) {}

  id(kind: string): string {
    this.n += 1;
    return `${this.prefix}${kind}${this.n}`;
  }

  def(xml: string) {
    this.defs.push(xml);
  }

  /** Linear gradient in bounding-box units (0..1) unless `user` is set. */
  linear(stops: Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1, user = false): string {
    const id = this.id('l');
    this.defs.push(
      `<linearGradient id="${id}" x1="${f(x1)}" y1="${f(y1)}" x2="${f(x2)}" y2="${f(y2)}"${user ? ' gradientUnits="userSpaceOnUse"' : ''}>${stopsXml(stops)}</linearGradient>`,
    );
    return `url(#${id})`;
  }

  /** Linear gradient with coordinates in user space. */
  linearU(stops: Stop[], x1: number, y1: number, x2: number, y2: number): string {
    return this.linear(stops, x1, y1, x2, y2, true);
  }

  /** Radial gradient in bounding-box units. */
  radial(stops: Stop[], cx = 0.5, cy = 0.5, r = 0.5, fx = cx, fy = cy): string {
    const id = this.id('r');
    this.defs.push(`<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}" fx="${fx}" fy="${fy}">${stopsXml(stops)}</radialGradient>`);
    return `url(#${id})`;
  }

  /** Radial gradient in user space. */
  radialU(stops: Stop[], cx: number, cy: number, r: number, fx = cx, fy = cy): string {
    const id = this.id('r');
    this.defs.push(
      `<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fx="${f(fx)}" fy="${f(fy)}">${stopsXml(stops)}</radialGradient>`,
    );
    return `url(#${id})`;
  }

  /** A clip path from raw shape markup; returns the attribute value. */
  clip(shapes: string): string {
    const id = this.id('c');
    this.defs.push(`<clipPath id="${id}">${shapes}</clipPath>`);
    return `url(#${id})`;
  }

  defsXml(): string {
    return `<defs>${this.defs.join('')}</defs>`;
  }
}

export function svgDoc(ctx: Ctx, vw: number, vh: number, outW: number, outH: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${outW}" height="${outH}" viewBox="0 0 ${vw} ${vh}" preserveAspectRatio="xMidYMid slice">${ctx.defsXml()}${body}</svg>`;
}

/** Points to a smooth closed path (Catmull-Rom converted to cubic Béziers). */
export function smoothClosed(pts: Array<[number, number]>, tension = 1): string {
  const n = pts.length;
  let d = `M${f(pts[0]![0])} ${f(pts[0]![1])}`;
  for (let i = 0; i < n; i++) {
    const p0 = pts[(i - 1 + n) % n]!;
    const p1 = pts[i]!;
    const p2 = pts[(i + 1) % n]!;
    const p3 = pts[(i + 2) % n]!;
    const c1x = p1[0] + ((p2[0] - p0[0]) / 6) * tension;
    const c1y = p1[1] + ((p2[1] - p0[1]) / 6) * tension;
    const c2x = p2[0] - ((p3[0] - p1[0]) / 6) * tension;
    const c2y = p2[1] - ((p3[1] - p1[1]) / 6) * tension;
    d += `C${f(c1x)} ${f(c1y)} ${f(c2x)} ${f(c2y)} ${f(p2[0])} ${f(p2[1])}`;
  }
  return d + 'Z';
}

/** Points to a smooth open path. */
export function smoothOpen(pts: Array<[number, number]>, tension = 1): string {
  const n = pts.length;
  let d = `M${f(pts[0]![0])} ${f(pts[0]![1])}`;
  for (let i = 0; i < n - 1; i++) {
    const p0 = pts[Math.max(0, i - 1)]!;
    const p1 = pts[i]!;
    const p2 = pts[i + 1]!;
    const p3 = pts[Math.min(n - 1, i + 2)]!;
    const c1x = p1[0] + ((p2[0] - p0[0]) / 6) * tension;
    const c1y = p1[1] + ((p2[1] - p0[1]) / 6) * tension;
    const c2x = p2[0] - ((p3[0] - p1[0]) / 6) * tension;
    const c2y = p2[1] - ((p3[1] - p1[1]) / 6) * tension;
    d += `C${f(c1x)} ${f(c1y)} ${f(c2x)} ${f(c2y)} ${f(p2[0])} ${f(p2[1])}`;
  }
  return d;
}

/** A circle as path data, so many circles can share one <path>. */
export const circleD = (cx: number, cy: number, r: number) =>
  `M${f(cx - r)} ${f(cy)}a${f(r)} ${f(r)} 0 1 0 ${f(2 * r)} 0a${f(r)} ${f(r)} 0 1 0 ${f(-2 * r)} 0Z`;

export const ellipseD = (cx: number, cy: number, rx: number, ry: number) =>
  `M${f(cx - rx)} ${f(cy)}a${f(rx)} ${f(ry)} 0 1 0 ${f(2 * rx)} 0a${f(rx)} ${f(ry)} 0 1 0 ${f(-2 * rx)} 0Z`;

/** A neon-like glow without a filter: wide faint strokes under a bright core (filters are slow to rasterise). */
export function glowLine(d: string, color: string, w: number, core = '#ffffff'): string {
  return (
    `<path d="${d}" fill="none" stroke="${color}" stroke-opacity="0.12" stroke-width="${f(w * 5)}" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<path d="${d}" fill="none" stroke="${color}" stroke-opacity="0.25" stroke-width="${f(w * 2.6)}" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<path d="${d}" fill="none" stroke="${color}" stroke-width="${f(w)}" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<path d="${d}" fill="none" stroke="${core}" stroke-opacity="0.6" stroke-width="${f(w * 0.4)}" stroke-linecap="round" stroke-linejoin="round"/>`
  );
}
