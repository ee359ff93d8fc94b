import type { Appearance } from '../catalogue/types.ts';
import { adjust, darken, lighten } from './color.ts';
import type { Geo } from './geometry.ts';
import type { Rng } from './rng.ts';
import { circleD, type Ctx, ellipseD, f, smoothClosed } from './svg.ts';

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

interface H {
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
function fringe(h: H, o: { x0: number; x1: number; tip: number; notch: number; count: number; part: number; top?: number; side?: number }) {
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
function lock(side: number, x0: number, y0: number, len: number, width: number, curl: number) {
  const s = side;
  return `M${f(s * x0)} ${f(y0)}C${f(s * (x0 + width * 0.9))} ${f(y0 + len * 0.3)} ${f(s * (x0 + width + curl))} ${f(y0 + len * 0.7)} ${f(s * (x0 + width * 0.6 + curl * 1.6))} ${f(y0 + len)}C${f(s * (x0 + curl * 0.6))} ${f(y0 + len * 0.7)} ${f(s * (x0 - width * 0.35))} ${f(y0 + len * 0.35)} ${f(s * (x0 - width * 0.5))} ${f(y0 + 10)}Z`;
}

function strands(h: H, clipD: string, count: number, x0: number, x1: number, y0: number, y1: number, bend = 0) {
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
function flow(h: H, clipD: string, part: number, tip: number) {
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
function sheen(h: H, y: number, rx: number, clipD: string) {
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

  switch (style) {
    case 'long':
    case 'wavy': {
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
      break;
    }
    case 'curly': {
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
      break;
    }
    case 'bob': {
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
      break;
    }
    case 'short': {
      put('back', cap(6) + `M-112 -30Q-120 40 -96 60L96 60Q120 40 112 -30Z`, h.fillLong);
      const d = fringe(h, { x0: -112, x1: 112, tip: rng.range(-38, -22), notch: -74, count: rng.int(6, 8), part, top: -158, side: 0 });
      put('front', d, h.fillTop);
      L.fringeD = d;
      L.front += sheen(h, -102, 88, d);
      L.front += strands(h, d, 6, -80, 80, -130, -50);
      // Tufts over the ears.
      for (const s of [-1, 1]) put('front', `M${s * 100} -40Q${s * 116} 0 ${s * 104} 30Q${s * 98} 0 ${s * 92} -20Z`, h.fillTop);
      break;
    }
    case 'ponytail': {
      const side = rng.pick([-1, 1]);
      put('back', cap(4), h.fillLong);
      const tail = `M${side * 40} -130C${side * 190} -150 ${side * 200} 60 ${side * 170} 260C${side * 160} 330 ${side * 120} 380 ${side * 136} 420C${side * 90} 370 ${side * 110} 250 ${side * 120} 150C${side * 130} 40 ${side * 110} -60 ${side * 30} -100Z`;
      put('back', tail, h.fillLong);
      L.back += strands(h, tail, 8, side * 110, side * 180, -60, 360, side * 10);
      L.back += `<path d="M${side * 40} -134q${side * 12} 18 ${side * 4} 40" stroke="${darken(color, 0.6)}" stroke-width="12" stroke-linecap="round"/>`;
      standardFringe(rng.range(-22, 0));
      for (const s of [-1, 1]) put('over', lock(s, 98, -40, 150, 22, 4), h.fillTop);
      break;
    }
    case 'bun': {
      const bx = rng.pick([0, -40, 40]);
      put('back', cap(4) + circleD(bx, -160, 52), h.fillLong);
      L.back += `<path d="${circleD(bx, -160, 52)}" fill="none" stroke="${light}" stroke-opacity="0.35" stroke-width="4"/><path d="M${bx - 40} -140q40 24 80 0" stroke="${darken(color, 0.55)}" stroke-width="9" fill="none"/>`;
      standardFringe(rng.range(-34, -14), 7, -70);
      for (const s of [-1, 1]) put('over', lock(s, 98, -30, 130, 14, 6), h.fillTop);
      break;
    }
    case 'braids': {
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
      break;
    }
    case 'buzz': {
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
      break;
    }
    case 'undercut': {
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
      break;
    }
    case 'bald': {
      L.front += `<ellipse cx="-30" cy="-96" rx="40" ry="18" transform="rotate(-20 -30 -96)" fill="#ffffff" fill-opacity="0.16"/>`;
      break;
    }
  }
  return L;
}
