// One drawing per hair style, each adding its shapes to the layers of the head of hair being drawn.
import { darken, lighten } from './color.ts';
import type { HairLayers, HairStyle } from './hair.ts';
import { fringe, type H, lock, sheen, strands } from './hair-strokes.ts';
import type { Rng } from './rng.ts';
import { circleD, ellipseD, f, smoothClosed } from './svg.ts';

/** A head of hair being drawn: its layers, the parting, and the shapes every style builds from. */
export interface Styling {
  h: H;
  rng: Rng;
  /** Where the hair parts (x, head-centred). */
  part: number;
  L: HairLayers;
  /** The hair's round cap over the skull, `extra` wider than the head. */
  cap: (extra?: number) => string;
  /** Adds a filled shape to a layer and to the outline. */
  put: (layer: 'back' | 'front' | 'over', d: string, fill: string) => void;
  /** The usual fringe with its flow lines, sheen and strands; `count` is drawn from the stream when not given. */
  standardFringe: (tip?: number, count?: number, notch?: number) => void;
}

/** Long straight or wavy hair, falling past the shoulders, with a lock over each. */
function longOrWavy({ h, rng, L, cap, put, standardFringe }: Styling, style: 'long' | 'wavy') {
  const len = rng.range(330, 440);
  const pts: Array<[number, number]> = [];
  const wave = style === 'wavy' ? 18 : 4;
  const steps = 8;
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    pts.push([-118 - t * 70 + Math.sin(t * 9 + rng.range(0, 1)) * wave, -40 + t * len]);
  }
  for (let i = 0; i <= 8; i++) pts.push([-180 + (i / 8) * 360 + rng.range(-10, 10), len - 20 + rng.range(-25, 25)]);
  for (let i = steps; i >= 0; i--) {
    const t = i / steps;
    pts.push([118 + t * 70 + Math.sin(t * 9 + 2 + rng.range(0, 1)) * wave, -40 + t * len]);
  }
  put('back', cap(8) + smoothClosed(pts), h.fillLong);
  L.back += strands(h, smoothClosed(pts), 14, -170, 170, 40, len - 20);
  standardFringe(rng.range(-10, 12));
  for (const s of [-1, 1]) {
    const d = lock(s, 96, -50, len * rng.range(0.65, 0.85), 38, style === 'wavy' ? 22 : 6);
    put('over', d, h.fillLong);
    L.over += strands(h, d, 4, s * 96, s * 130, -20, len * 0.7, s * 8);
  }
}

function curly({ h, rng, L, cap, put }: Styling) {
  const light = h.light;
  let d = '';
  for (let i = 0; i < 22; i++) {
    const a = Math.PI * (0.85 + (i / 21) * 1.3);
    const r = rng.range(118, 140);
    d += circleD(Math.cos(a) * r * 1.05, -20 - Math.sin(a) * r * 0.95 + (Math.sin(a) < 0 ? -Math.sin(a) * 80 : 0), rng.range(34, 48));
  }
  put('back', cap(10) + d, h.fillLong);
  let front = '';
  for (let i = 0; i < 9; i++) {
    const x = -96 + (i / 8) * 192;
    front += circleD(x, -90 + Math.abs(x) * 0.35 + rng.range(-8, 8) - 20, rng.range(26, 34));
  }
  const fd = circleD(0, -70, 100).replace(/Z$/, '') + 'Z';
  const fr = `M-112 0C-124 -80 -80 -150 0 -150C80 -150 124 -80 112 0C90 -50 40 -64 0 -64C-40 -64 -90 -50 -112 0Z` + front;
  void fd;
  put('front', fr, h.fillTop);
  L.fringeD = fr;
  let ring = '';
  for (let i = 0; i < 14; i++) ring += `M${f(rng.range(-100, 100))} ${f(rng.range(-140, -60))}a14 14 0 0 1 18 -4`;
  L.front += `<path d="${ring}" fill="none" stroke="${light}" stroke-opacity="0.55" stroke-width="4" stroke-linecap="round"/>`;
}

function bob({ h, rng, L, put }: Styling) {
  const pts: Array<[number, number]> = [
    [-112, -80],
    [-128, 20],
    [-126, 110],
    [-100, 138],
    [-60, 130],
    [60, 130],
    [100, 138],
    [126, 110],
    [128, 20],
    [112, -80],
    [0, -156],
  ];
  put('back', smoothClosed(pts), h.fillLong);
  const d = fringe(h, { x0: -112, x1: 112, tip: rng.range(-28, -16), notch: -40, count: 12, part: 0 });
  put('front', d, h.fillTop);
  L.fringeD = d;
  L.front += sheen(h, -98, 88, d);
  for (const s of [-1, 1]) {
    const d2 = lock(s, 100, -40, 170, 34, -10);
    put('over', d2, h.fillTop);
    L.over += strands(h, d2, 4, s * 96, s * 134, -30, 120);
  }
}

function shortHair({ h, rng, part, L, cap, put }: Styling) {
  put('back', cap(6) + `M-112 -30Q-120 40 -96 60L96 60Q120 40 112 -30Z`, h.fillLong);
  const d = fringe(h, { x0: -112, x1: 112, tip: rng.range(-38, -22), notch: -74, count: rng.int(6, 8), part, top: -158, side: 0 });
  put('front', d, h.fillTop);
  L.fringeD = d;
  L.front += sheen(h, -102, 88, d);
  L.front += strands(h, d, 6, -80, 80, -130, -50);
  // Tufts over the ears.
  for (const s of [-1, 1]) put('front', `M${s * 100} -40Q${s * 116} 0 ${s * 104} 30Q${s * 98} 0 ${s * 92} -20Z`, h.fillTop);
}

function ponytail({ h, rng, L, cap, put, standardFringe }: Styling) {
  const color = h.base;
  const side = rng.pick([-1, 1]);
  put('back', cap(4), h.fillLong);
  const tail = `M${side * 40} -130C${side * 190} -150 ${side * 200} 60 ${side * 170} 260C${side * 160} 330 ${side * 120} 380 ${side * 136} 420C${side * 90} 370 ${side * 110} 250 ${side * 120} 150C${side * 130} 40 ${side * 110} -60 ${side * 30} -100Z`;
  put('back', tail, h.fillLong);
  L.back += strands(h, tail, 8, side * 110, side * 180, -60, 360, side * 10);
  L.back += `<path d="M${side * 40} -134q${side * 12} 18 ${side * 4} 40" stroke="${darken(color, 0.6)}" stroke-width="12" stroke-linecap="round"/>`;
  standardFringe(rng.range(-22, 0));
  for (const s of [-1, 1]) put('over', lock(s, 98, -40, 150, 22, 4), h.fillTop);
}

function bun({ h, rng, L, cap, put, standardFringe }: Styling) {
  const color = h.base;
  const light = h.light;
  const bx = rng.pick([0, -40, 40]);
  put('back', cap(4) + circleD(bx, -160, 52), h.fillLong);
  L.back += `<path d="${circleD(bx, -160, 52)}" fill="none" stroke="${light}" stroke-opacity="0.35" stroke-width="4"/><path d="M${bx - 40} -140q40 24 80 0" stroke="${darken(color, 0.55)}" stroke-width="9" fill="none"/>`;
  standardFringe(rng.range(-34, -14), 7, -70);
  for (const s of [-1, 1]) put('over', lock(s, 98, -30, 130, 14, 6), h.fillTop);
}

function braids({ h, rng, L, cap, put, standardFringe }: Styling) {
  const color = h.base;
  const light = h.light;
  put('back', cap(4), h.fillLong);
  standardFringe(rng.range(-20, 4));
  for (const s of [-1, 1]) {
    let d = '';
    let hi = '';
    const n = 9;
    for (let i = 0; i < n; i++) {
      const y = 40 + i * 34;
      const x = s * (108 + i * 3);
      const r = 22 - i * 0.9;
      d += ellipseD(x + (i % 2 ? 4 : -4), y, r, 21);
      hi += `M${f(x - r * 0.6)} ${f(y - 8)}q${f(r * 0.6)} -8 ${f(r * 1.1)} 4`;
    }
    d += `M${f(s * 125 - 14)} ${f(40 + n * 34)}l14 40l14 -40Z`;
    put('over', d, h.fillLong);
    L.over += `<path d="${hi}" fill="none" stroke="${light}" stroke-opacity="0.5" stroke-width="3"/><path d="M${f(s * 125 - 12)} ${f(40 + n * 34 - 14)}h24" stroke="${lighten(color, 0.6)}" stroke-width="7"/>`;
  }
}

function buzz({ h, rng, L }: Styling) {
  const { dark, light } = h;
  const d = `M-100 -10C-104 -100 -60 -140 0 -140C60 -140 104 -100 100 -10C96 -40 86 -58 70 -64Q0 -76 -70 -64C-86 -58 -96 -40 -100 -10Z`;
  L.front += `<path d="${d}" fill="${h.base}" fill-opacity="0.82"/>`;
  L.outline += d;
  let dots = '';
  for (let i = 0; i < 120; i++) {
    const a = rng.range(Math.PI * 1.05, Math.PI * 1.95);
    const r = rng.range(60, 120);
    dots += circleD(Math.cos(a) * r * 0.85, -40 + Math.sin(a) * r * 0.8, 1.3);
  }
  L.front += `<path d="${dots}" fill="${dark}" fill-opacity="0.5"/>`;
  L.front += `<path d="M-60 -120Q0 -138 60 -120" stroke="${light}" stroke-opacity="0.35" stroke-width="6" fill="none" stroke-linecap="round"/>`;
}

function undercut({ h, rng, L, put }: Styling) {
  const side = rng.pick([-1, 1]);
  const shaved = `M-100 -10C-104 -100 -60 -140 0 -140C60 -140 104 -100 100 -10C96 -40 86 -58 70 -64Q0 -76 -70 -64C-86 -58 -96 -40 -100 -10Z`;
  L.front += `<path d="${shaved}" fill="${h.base}" fill-opacity="0.55"/>`;
  L.outline += shaved;
  const s = side;
  const top = `M${s * -96} -74C${s * -110} -150 ${s * -40} -196 ${s * 40} -182C${s * 120} -170 ${s * 150} -110 ${s * 124} -30C${s * 116} -70 ${s * 96} -84 ${s * 70} -76C${s * 84} -50 ${s * 80} -20 ${s * 60} 4C${s * 56} -40 ${s * 30} -64 ${s * -10} -72C${s * -40} -76 ${s * -80} -70 ${s * -96} -74Z`;
  put('front', top, h.fillTop);
  L.fringeD = top;
  L.front += sheen(h, -120, 80, top);
  L.front += strands(h, top, 8, -80, 90, -170, -80, s * 25);
}

/** Draws `style` into the layers of `s`. */
export function styleHair(style: HairStyle, s: Styling): void {
  switch (style) {
    case 'long':
    case 'wavy':
      return longOrWavy(s, style);
    case 'curly':
      return curly(s);
    case 'bob':
      return bob(s);
    case 'short':
      return shortHair(s);
    case 'ponytail':
      return ponytail(s);
    case 'bun':
      return bun(s);
    case 'braids':
      return braids(s);
    case 'buzz':
      return buzz(s);
    case 'undercut':
      return undercut(s);
    case 'bald': {
      s.L.front += `<ellipse cx="-30" cy="-96" rx="40" ry="18" transform="rotate(-20 -30 -96)" fill="#ffffff" fill-opacity="0.16"/>`;
      return;
    }
  }
}
