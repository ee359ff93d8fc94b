import type { Appearance } from '../catalogue/types.ts';
import { f } from './svg.ts';

/** Proportions per presentation; all figure coordinates are relative to the head centre (0, 0). */
export interface Geo {
  cheekW: number;
  jawW: number;
  jawY: number;
  chinY: number;
  chinW: number;
  neckW: number;
  shW: number;
  /** Eye opening height factor. */
  eyeH: number;
  lash: number;
  brow: number;
  lip: number;
}

export function geometry(p: Appearance['presentation']): Geo {
  switch (p) {
    case 'feminine':
      return { cheekW: 84, jawW: 54, jawY: 82, chinY: 120, chinW: 11, neckW: 30, shW: 172, eyeH: 1, lash: 1, brow: 4, lip: 0.55 };
    case 'masculine':
      return { cheekW: 90, jawW: 72, jawY: 94, chinY: 124, chinW: 24, neckW: 42, shW: 218, eyeH: 0.7, lash: 0.45, brow: 8, lip: 0.12 };
    default:
      return { cheekW: 86, jawW: 61, jawY: 87, chinY: 121, chinW: 16, neckW: 35, shW: 192, eyeH: 0.86, lash: 0.75, brow: 6, lip: 0.3 };
  }
}

/** The face outline: rounded cranium, cheeks, jaw and chin. */
export function faceD(g: Geo): string {
  const { cheekW: c, jawW: j, jawY: jy, chinY: cy, chinW: cw } = g;
  return (
    `M0 -126C58 -126 97 -92 97 -36C97 2 ${f(c + 5)} 22 ${f(c)} 46` +
    `C${f(c - 4)} 64 ${f(j + 15)} ${f(jy - 10)} ${f(j)} ${f(jy)}` +
    `C${f(j - 14)} ${f(jy + 18)} ${f(cw + 16)} ${f(cy - 2)} ${f(cw)} ${f(cy)}` +
    `Q0 ${f(cy + 5)} ${f(-cw)} ${f(cy)}` +
    `C${f(-cw - 16)} ${f(cy - 2)} ${f(-j + 14)} ${f(jy + 18)} ${f(-j)} ${f(jy)}` +
    `C${f(-j - 15)} ${f(jy - 10)} ${f(-c + 4)} 64 ${f(-c)} 46` +
    `C${f(-c - 5)} 22 -97 2 -97 -36C-97 -92 -58 -126 0 -126Z`
  );
}

/** Torso outline from one side of the neckline to the other. `top` is the neckline path from the left neck point. */
export function torsoD(g: Geo, opts: { pad?: number; neckX?: number; neckY?: number; top?: string } = {}): string {
  const pad = opts.pad ?? 0;
  const nx = opts.neckX ?? g.neckW + 2;
  const ny = opts.neckY ?? 178;
  const s = g.shW + pad;
  const right = `C${f(nx + 30)} ${f(ny + 26)} ${f(s - 80)} ${f(214 - pad * 0.3)} ${f(s - 34)} ${f(228 - pad * 0.4)}C${f(s - 4)} ${f(236 - pad * 0.4)} ${f(s + 8)} 262 ${f(s + 10)} 304L${f(s + 22)} 900`;
  const left = `L${f(-s - 22)} 900L${f(-s - 10)} 304C${f(-s - 8)} 262 ${f(-s + 4)} ${f(236 - pad * 0.4)} ${f(-s + 34)} ${f(228 - pad * 0.4)}C${f(-s + 80)} ${f(214 - pad * 0.3)} ${f(-nx - 30)} ${f(ny + 26)} ${f(-nx)} ${f(ny)}Z`;
  const top = opts.top ?? `L${f(nx)} ${f(ny)}`;
  return `M${f(-nx)} ${f(ny)}${top}${right}${left}`;
}
