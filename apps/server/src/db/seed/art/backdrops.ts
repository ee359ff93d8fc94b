import type { Appearance } from '../catalogue/types.ts';
import { adjust, darken, lighten, mix, vivid } from './color.ts';
import type { Rng } from './rng.ts';
import { circleD, type Ctx, f, glowLine, smoothOpen } from './svg.ts';

export type Backdrop = Appearance['backdrop'];
export type Palette = [string, string, string];
/** Time-of-day mood; `base` keeps the catalogue palette as written. */
export type Mood = 'base' | 'day' | 'dusk' | 'night';

export const BACKDROPS: readonly Backdrop[] = [
  'city-night',
  'neon',
  'forest',
  'castle',
  'space',
  'ocean',
  'desert',
  'library',
  'cafe',
  'ruins',
  'snow',
  'temple',
  'lab',
  'sunset',
  'hellscape',
  'clouds',
];

export function moodPalette([a, b, c]: Palette, mood: Mood): Palette {
  switch (mood) {
    case 'night':
      return [mix(darken(a, 0.55), '#0b1030', 0.35), mix(darken(b, 0.45), '#1a1f4a', 0.3), vivid(c, 0.6, 0.6)];
    case 'day':
      return [mix(a, '#4f9bff', 0.45), mix(b, '#ffe2b8', 0.4), c];
    case 'dusk':
      return [mix(a, '#2a1b4d', 0.4), mix(b, '#ff8a4c', 0.4), mix(c, '#ffb36b', 0.3)];
    default:
      return [a, b, c];
  }
}

interface B {
  ctx: Ctx;
  rng: Rng;
  w: number;
  h: number;
  p: Palette;
  /** Scale of details relative to the 768×1152 portrait. */
  s: number;
}

const rect = (w: number, h: number, fill: string, extra = '') =>
  `<rect x="-2" y="-2" width="${f(w + 4)}" height="${f(h + 4)}" fill="${fill}"${extra}/>`;

function sky(b: B, stops?: Array<[number, string]>) {
  const st = stops ?? [
    [0, b.p[0]],
    [1, b.p[1]],
  ];
  return rect(b.w, b.h, b.ctx.linear(st.map(([o, c]) => [o, c])));
}

function glow(b: B, cx: number, cy: number, r: number, color: string, strength = 0.6) {
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

function ridge(b: B, baseY: number, amp: number, n: number, jag = 0.5): string {
  const pts: Array<[number, number]> = [];
  for (let i = 0; i <= n; i++) {
    const x = (i / n) * (b.w + 40) - 20;
    pts.push([x, baseY - amp * (0.5 + 0.5 * Math.sin(i * 1.7 + b.rng.range(0, 6))) * (1 - jag + jag * b.rng.next())]);
  }
  return `${smoothOpen(pts)}L${f(b.w + 20)} ${f(b.h + 20)}L-20 ${f(b.h + 20)}Z`;
}

function stars(b: B, count: number, yMax: number, color = '#ffffff') {
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

function cloud(b: B, cx: number, cy: number, width: number, top: string, bottom: string, alpha = 1) {
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

function fog(b: B, y: number, height: number, color: string, alpha: number) {
  const fill = b.ctx.linear([
    [0, color, 0],
    [0.5, color, alpha],
    [1, color, 0],
  ]);
  return `<rect x="-2" y="${f(y - height / 2)}" width="${f(b.w + 4)}" height="${f(height)}" fill="${fill}"/>`;
}

function particles(b: B, n: number, color: string, yMin: number, yMax: number, rMin: number, rMax: number) {
  const fill = dotFill(b, color);
  let out = '';
  for (let i = 0; i < n; i++) {
    const r = b.rng.range(rMin, rMax) * b.s;
    out += `<circle cx="${f(b.rng.range(0, b.w))}" cy="${f(b.rng.range(yMin, yMax))}" r="${f(r)}" fill="${fill}"/>`;
  }
  return out;
}

function pines(b: B, baseY: number, count: number, hMin: number, hMax: number, color: string, snow?: string) {
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

function rays(b: B, ox: number, oy: number, n: number, color: string, alpha: number) {
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

function windowsGrid(b: B, x: number, y: number, w: number, h: number, lit: number): [string, string] {
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

const draw: Record<Backdrop, (b: B) => string> = {
  'city-night'(b) {
    const { w, h, p, rng } = b;
    let out = sky(b, [
      [0, darken(p[0], 0.2)],
      [0.7, p[1]],
      [1, lighten(p[1], 0.1)],
    ]);
    out += stars(b, 90, h * 0.35);
    const mx = rng.range(0.15, 0.85) * w;
    const my = rng.range(0.08, 0.2) * h;
    out += glow(b, mx, my, 160 * b.s, lighten(p[2], 0.5), 0.35);
    out += `<circle cx="${f(mx)}" cy="${f(my)}" r="${f(34 * b.s)}" fill="${lighten(p[2], 0.75)}"/>`;
    out += glow(b, w / 2, h * 0.72, w * 0.9, p[2], 0.28);
    const layers = [
      { c: mix(p[0], p[1], 0.55), top: 0.38, lit: 0.12 },
      { c: mix(darken(p[0], 0.3), p[1], 0.3), top: 0.48, lit: 0.3 },
      { c: darken(p[0], 0.55), top: 0.58, lit: 0.38 },
    ];
    for (const [li, L] of layers.entries()) {
      let d = '';
      let on = '';
      let off = '';
      let x = -rng.range(0, 40);
      while (x < w) {
        const bw = rng.range(46, 110) * b.s;
        const top = h * (L.top + rng.range(-0.08, 0.1));
        d += `M${f(x)} ${f(h + 2)}V${f(top)}h${f(bw)}V${f(h + 2)}Z`;
        if (rng.chance(0.3)) d += `M${f(x + bw / 2 - 1.5 * b.s)} ${f(top)}v${f(-rng.range(20, 60) * b.s)}h${f(3 * b.s)}V${f(top)}Z`;
        if (li > 0) {
          const [a, o] = windowsGrid(b, x, top, bw, h - top, L.lit);
          on += a;
          off += o;
        }
        x += bw + rng.range(2, 14) * b.s;
      }
      out += `<path d="${d}" fill="${L.c}"/>`;
      if (off) out += `<path d="${off}" fill="${lighten(L.c, 0.08)}"/>`;
      if (on) out += `<path d="${on}" fill="${li === 2 ? '#ffd88a' : lighten(p[2], 0.45)}" fill-opacity="${li === 2 ? 0.9 : 0.7}"/>`;
      out += fog(b, h * (L.top + 0.2), h * 0.25, p[1], 0.18);
    }
    return out;
  },

  neon(b) {
    const { w, h, p, rng, ctx } = b;
    const a2 = adjust(vivid(p[2]), 140, 1, 0);
    let out = sky(b, [
      [0, darken(p[0], 0.45)],
      [1, darken(p[1], 0.35)],
    ]);
    out += glow(b, w / 2, h * 0.45, w * 0.8, p[2], 0.3);
    // Two walls receding to a vanishing point.
    const vx = w * rng.range(0.4, 0.6);
    const vy = h * 0.5;
    out += `<path d="M-2 -2L${f(vx - w * 0.18)} ${f(vy - h * 0.25)}L${f(vx - w * 0.18)} ${f(vy + h * 0.1)}L-2 ${f(h + 2)}Z" fill="${darken(p[0], 0.35)}"/>`;
    out += `<path d="M${f(w + 2)} -2L${f(vx + w * 0.18)} ${f(vy - h * 0.25)}L${f(vx + w * 0.18)} ${f(vy + h * 0.1)}L${f(w + 2)} ${f(h + 2)}Z" fill="${darken(p[0], 0.45)}"/>`;
    out += `<path d="M-2 ${f(h + 2)}L${f(vx - w * 0.18)} ${f(vy + h * 0.1)}H${f(vx + w * 0.18)}L${f(w + 2)} ${f(h + 2)}Z" fill="${ctx.linear(
      [
        [0, darken(p[1], 0.2)],
        [1, darken(p[0], 0.6)],
      ],
    )}"/>`;
    // Signs: glowing outlines and abstract glyph strokes (no text).
    let signs = '';
    let refl = '';
    const colors = [vivid(p[2], 0.8, 0.6), vivid(a2, 0.8, 0.6), '#7df9ff'];
    for (let i = 0; i < 7; i++) {
      const left = i % 2 === 0;
      const x = left ? rng.range(0.02, 0.22) * w : rng.range(0.68, 0.9) * w;
      const y = rng.range(0.08, 0.55) * h;
      const vertical = rng.chance(0.5);
      const sw = (vertical ? rng.range(36, 50) : rng.range(90, 150)) * b.s;
      const sh = (vertical ? rng.range(120, 200) : rng.range(40, 60)) * b.s;
      const c = colors[i % colors.length]!;
      let glyph = '';
      const n = vertical ? Math.floor(sh / (30 * b.s)) : Math.floor(sw / (30 * b.s));
      for (let k = 0; k < n; k++) {
        const gx = vertical ? x + sw / 2 : x + 18 * b.s + k * 30 * b.s;
        const gy = vertical ? y + 18 * b.s + k * 30 * b.s : y + sh / 2;
        const g = rng.int(0, 3);
        const r = 8 * b.s;
        glyph +=
          g === 0
            ? circleD(gx, gy, r * 0.8)
            : g === 1
              ? `M${f(gx - r)} ${f(gy - r)}h${f(2 * r)}M${f(gx)} ${f(gy - r)}v${f(2 * r)}`
              : g === 2
                ? `M${f(gx - r)} ${f(gy + r)}L${f(gx)} ${f(gy - r)}L${f(gx + r)} ${f(gy + r)}`
                : `M${f(gx - r)} ${f(gy)}h${f(2 * r)}M${f(gx - r * 0.6)} ${f(gy - r)}v${f(2 * r)}M${f(gx + r * 0.6)} ${f(gy - r)}v${f(2 * r)}`;
      }
      const rr = 8 * b.s;
      const box = `M${f(x + rr)} ${f(y)}H${f(x + sw - rr)}Q${f(x + sw)} ${f(y)} ${f(x + sw)} ${f(y + rr)}V${f(y + sh - rr)}Q${f(x + sw)} ${f(y + sh)} ${f(x + sw - rr)} ${f(y + sh)}H${f(x + rr)}Q${f(x)} ${f(y + sh)} ${f(x)} ${f(y + sh - rr)}V${f(y + rr)}Q${f(x)} ${f(y)} ${f(x + rr)} ${f(y)}Z`;
      signs +=
        `<path d="${box}" fill="${darken(c, 0.8)}" fill-opacity="0.75"/>` + glowLine(box, c, 3 * b.s) + glowLine(glyph, c, 2.5 * b.s);
      const ry = h * 0.8 + rng.range(0, h * 0.15);
      refl += `<rect x="${f(x)}" y="${f(ry)}" width="${f(sw)}" height="${f(h * 0.2)}" fill="${ctx.linear([
        [0, c, 0.35],
        [1, c, 0],
      ])}"/>`;
    }
    out += `${signs}${refl}`;
    let rain = '';
    for (let i = 0; i < 140; i++) {
      const x = rng.range(0, w);
      const y = rng.range(0, h);
      const l = rng.range(14, 34) * b.s;
      rain += `M${f(x)} ${f(y)}l${f(-l * 0.15)} ${f(l)}`;
    }
    out += `<path d="${rain}" stroke="${lighten(p[1], 0.6)}" stroke-opacity="0.22" stroke-width="${f(1.2 * b.s)}"/>`;
    return out;
  },

  forest(b) {
    const { w, h, p, rng } = b;
    let out = sky(b, [
      [0, p[0]],
      [0.6, lighten(p[1], 0.1)],
      [1, p[1]],
    ]);
    const lx = rng.range(0.25, 0.75) * w;
    out += glow(b, lx, h * 0.3, w * 0.7, lighten(p[1], 0.5), 0.5);
    out += rays(b, lx, -h * 0.05, 7, lighten(p[1], 0.7), 0.1);
    const dark = darken(mix(p[0], '#0c2a1c', 0.5), 0.3);
    for (let i = 0; i < 4; i++) {
      const t = i / 3;
      const c = mix(mix(p[1], p[0], 0.35), dark, 0.25 + t * 0.75);
      out += pines(b, h * (0.5 + t * 0.17), 7 + (3 - i) * 3, 260 - i * 20 + t * 200, 420 + t * 260, c);
      out += fog(b, h * (0.5 + t * 0.17), h * 0.12, lighten(p[1], 0.3), 0.22 * (1 - t * 0.5));
    }
    out += particles(b, 26, vivid(p[2], 0.8, 0.65), h * 0.35, h, 4, 11);
    return out;
  },

  castle(b) {
    const { w, h, p, rng } = b;
    let out = sky(b, [
      [0, p[0]],
      [1, p[1]],
    ]);
    out += stars(b, 60, h * 0.3);
    const mx = rng.range(0.15, 0.85) * w;
    out += glow(b, mx, h * 0.14, 170 * b.s, lighten(p[2], 0.6), 0.4);
    out += `<circle cx="${f(mx)}" cy="${f(h * 0.14)}" r="${f(40 * b.s)}" fill="${lighten(p[2], 0.8)}"/>`;
    for (let i = 0; i < 3; i++)
      out += cloud(b, rng.range(0, w), rng.range(0.12, 0.35) * h, rng.range(200, 340) * b.s, lighten(p[1], 0.3), p[0], 0.35);
    out += `<path d="${ridge(b, h * 0.6, h * 0.08, 6)}" fill="${mix(p[0], p[1], 0.6)}"/>`;
    // The castle: towers with conical roofs, crenellated walls, lit windows.
    const cx = rng.range(0.3, 0.7) * w;
    const baseY = h * 0.62;
    const stone = darken(mix(p[0], p[1], 0.3), 0.35);
    const roof = darken(mix(p[2], p[0], 0.5), 0.3);
    let walls = '';
    let roofs = '';
    let lit = '';
    const towers = rng.int(4, 6);
    for (let i = 0; i < towers; i++) {
      const tx = cx + (i - (towers - 1) / 2) * rng.range(55, 80) * b.s;
      const tw = rng.range(26, 44) * b.s;
      const th = rng.range(120, 300) * b.s * (i === Math.floor(towers / 2) ? 1.4 : 1);
      const top = baseY - th;
      walls += `M${f(tx - tw / 2)} ${f(baseY)}V${f(top)}h${f(tw)}V${f(baseY)}Z`;
      roofs += `M${f(tx - tw * 0.65)} ${f(top)}L${f(tx)} ${f(top - tw * 1.6)}L${f(tx + tw * 0.65)} ${f(top)}Z`;
      roofs += `M${f(tx)} ${f(top - tw * 1.6)}v${f(-18 * b.s)}l${f(14 * b.s)} ${f(5 * b.s)}l${f(-14 * b.s)} ${f(5 * b.s)}`;
      for (let k = 0; k < 3; k++)
        if (rng.chance(0.6)) lit += `M${f(tx - 3 * b.s)} ${f(top + 20 * b.s + k * 34 * b.s)}h${f(6 * b.s)}v${f(12 * b.s)}h${f(-6 * b.s)}Z`;
    }
    const wallTop = baseY - 70 * b.s;
    walls += `M${f(cx - 190 * b.s)} ${f(baseY + 4)}V${f(wallTop)}H${f(cx + 190 * b.s)}V${f(baseY + 4)}Z`;
    for (let x = cx - 190 * b.s; x < cx + 190 * b.s; x += 16 * b.s)
      walls += `M${f(x)} ${f(wallTop)}h${f(9 * b.s)}v${f(-9 * b.s)}h${f(-9 * b.s)}Z`;
    out += `<path d="${walls}" fill="${stone}"/><path d="${roofs}" fill="${roof}" stroke="${roof}" stroke-width="${f(1.5 * b.s)}"/><path d="${lit}" fill="#ffd27a"/>`;
    out += fog(b, baseY + 10 * b.s, h * 0.1, lighten(p[1], 0.2), 0.4);
    out += `<path d="${ridge(b, h * 0.72, h * 0.06, 5)}" fill="${darken(p[0], 0.5)}"/>`;
    return out;
  },

  space(b) {
    const { w, h, p, rng, ctx } = b;
    let out = rect(w, h, darken(p[0], 0.6));
    for (let i = 0; i < 5; i++) {
      const cx = rng.range(0, w);
      const cy = rng.range(0, h * 0.8);
      const rx = rng.range(200, 420) * b.s;
      const c = i % 2 ? p[1] : p[2];
      out += `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(rx * rng.range(0.4, 0.8))}" transform="rotate(${f(rng.range(-40, 40))} ${f(cx)} ${f(cy)})" fill="${ctx.radial(
        [
          [0, lighten(c, 0.2), 0.45],
          [0.5, c, 0.2],
          [1, c, 0],
        ],
      )}"/>`;
    }
    out += stars(b, 260, h);
    const px = rng.chance(0.5) ? rng.range(0.05, 0.3) * w : rng.range(0.7, 0.95) * w;
    const py = rng.range(0.1, 0.3) * h;
    const pr = rng.range(70, 120) * b.s;
    const planet = mix(p[1], p[2], 0.4);
    out += glow(b, px, py, pr * 1.6, lighten(planet, 0.4), 0.3);
    out += `<ellipse cx="${f(px)}" cy="${f(py)}" rx="${f(pr * 2)}" ry="${f(pr * 0.35)}" transform="rotate(-18 ${f(px)} ${f(py)})" fill="none" stroke="${lighten(p[2], 0.4)}" stroke-opacity="0.45" stroke-width="${f(7 * b.s)}"/>`;
    out += `<circle cx="${f(px)}" cy="${f(py)}" r="${f(pr)}" fill="${ctx.radial(
      [
        [0, lighten(planet, 0.45)],
        [0.6, planet],
        [1, darken(planet, 0.6)],
      ],
      0.35,
      0.3,
      0.75,
    )}"/>`;
    out += `<path d="M${f(px - pr * 2)} ${f(py + pr * 0.05)}A${f(pr * 2)} ${f(pr * 0.35)} -18 0 0 ${f(px + pr * 2)} ${f(py - pr * 0.05)}" transform="rotate(-18 ${f(px)} ${f(py)})" fill="none" stroke="${lighten(p[2], 0.5)}" stroke-opacity="0.7" stroke-width="${f(5 * b.s)}"/>`;
    const mx = w - px + rng.range(-60, 60);
    out += `<circle cx="${f(mx)}" cy="${f(py + 120 * b.s)}" r="${f(16 * b.s)}" fill="${ctx.radial(
      [
        [0, lighten(p[2], 0.6)],
        [1, darken(p[2], 0.5)],
      ],
      0.3,
      0.3,
      0.8,
    )}"/>`;
    return out;
  },

  ocean(b) {
    const { w, h, p, rng, ctx } = b;
    const hz = h * 0.55;
    let out = sky(b, [
      [0, darken(p[0], 0.15)],
      [0.55, p[1]],
      [1, p[1]],
    ]);
    out += stars(b, 70, hz * 0.6);
    const mx = rng.range(0.2, 0.8) * w;
    const my = hz * rng.range(0.3, 0.6);
    const moon = lighten(p[2], 0.7);
    out += glow(b, mx, my, 260 * b.s, moon, 0.45);
    out += `<circle cx="${f(mx)}" cy="${f(my)}" r="${f(54 * b.s)}" fill="${moon}"/>`;
    out += `<rect x="-2" y="${f(hz)}" width="${f(w + 4)}" height="${f(h - hz + 4)}" fill="${ctx.linear([
      [0, mix(p[1], p[0], 0.5)],
      [1, darken(p[0], 0.5)],
    ])}"/>`;
    let glit = '';
    for (let i = 0; i < 90; i++) {
      const t = rng.next();
      const y = hz + 4 + Math.pow(t, 1.5) * (h - hz);
      const spread = (20 + t * 160) * b.s;
      const x = mx + rng.range(-spread, spread);
      glit += `M${f(x)} ${f(y)}h${f((6 + t * 30) * b.s * rng.range(0.5, 1))}`;
    }
    out += `<path d="${glit}" stroke="${moon}" stroke-opacity="0.75" stroke-width="${f(2 * b.s)}" stroke-linecap="round"/>`;
    for (let i = 0; i < 5; i++) {
      const y = hz + (h - hz) * (0.25 + i * 0.17);
      const amp = (6 + i * 6) * b.s;
      const pts: Array<[number, number]> = [];
      const n = 10;
      for (let k = 0; k <= n; k++) pts.push([(k / n) * (w + 60) - 30, y + Math.sin(k * 1.3 + rng.range(0, 3)) * amp]);
      const c = darken(mix(p[0], p[1], 0.3), 0.25 + i * 0.1);
      out += `<path d="${smoothOpen(pts)}L${f(w + 30)} ${f(h + 4)}L-30 ${f(h + 4)}Z" fill="${c}" fill-opacity="0.85"/><path d="${smoothOpen(pts)}" fill="none" stroke="${lighten(p[2], 0.5)}" stroke-opacity="0.3" stroke-width="${f(2 * b.s)}"/>`;
    }
    return out;
  },

  desert(b) {
    const { w, h, p, rng, ctx } = b;
    let out = sky(b, [
      [0, p[0]],
      [0.65, lighten(p[1], 0.1)],
      [1, p[1]],
    ]);
    const sx = rng.range(0.2, 0.8) * w;
    const sy = h * 0.42;
    out += glow(b, sx, sy, w * 0.6, lighten(p[2], 0.4), 0.55);
    out += `<circle cx="${f(sx)}" cy="${f(sy)}" r="${f(80 * b.s)}" fill="${lighten(p[2], 0.55)}"/>`;
    // Distant mesas.
    let mesa = '';
    for (let i = 0; i < 3; i++) {
      const x = rng.range(0, w);
      const mw = rng.range(80, 180) * b.s;
      const mh = rng.range(40, 90) * b.s;
      mesa += `M${f(x - mw)} ${f(h * 0.5)}L${f(x - mw * 0.6)} ${f(h * 0.5 - mh)}H${f(x + mw * 0.6)}L${f(x + mw)} ${f(h * 0.5)}Z`;
    }
    out += `<path d="${mesa}" fill="${mix(p[1], p[0], 0.45)}" fill-opacity="0.7"/>`;
    const sand = mix(p[1], '#e0a060', 0.5);
    for (let i = 0; i < 5; i++) {
      const t = i / 4;
      const y = h * (0.5 + t * 0.15);
      const c = darken(sand, 0.1 + t * 0.35);
      out += `<path d="${ridge(b, y, (40 + t * 60) * b.s, 4, 0.3)}" fill="${ctx.linear(
        [
          [0, lighten(c, 0.25)],
          [1, darken(c, 0.25)],
        ],
        0,
        0,
        1,
        1,
      )}"/>`;
    }
    out += fog(b, h * 0.52, h * 0.08, lighten(p[2], 0.5), 0.3);
    return out;
  },

  library(b) {
    const { w, h, p, rng, ctx } = b;
    const wood = darken(mix(p[0], '#4a2a18', 0.6), 0.35);
    let out = rect(
      w,
      h,
      ctx.linear([
        [0, darken(p[0], 0.5)],
        [1, darken(p[1], 0.5)],
      ]),
    );
    // Arched window with light.
    const wx = rng.range(0.35, 0.65) * w;
    const ww = 150 * b.s;
    const wy = h * 0.1;
    out += glow(b, wx, wy + 160 * b.s, 420 * b.s, lighten(p[1], 0.5), 0.45);
    out += `<path d="M${f(wx - ww / 2)} ${f(wy + 340 * b.s)}V${f(wy + ww / 2)}A${f(ww / 2)} ${f(ww / 2)} 0 0 1 ${f(wx + ww / 2)} ${f(wy + ww / 2)}V${f(wy + 340 * b.s)}Z" fill="${ctx.linear(
      [
        [0, lighten(p[1], 0.6)],
        [1, lighten(p[2], 0.3)],
      ],
    )}" stroke="${wood}" stroke-width="${f(10 * b.s)}"/><path d="M${f(wx)} ${f(wy)}V${f(wy + 340 * b.s)}M${f(wx - ww / 2)} ${f(wy + 170 * b.s)}H${f(wx + ww / 2)}" stroke="${wood}" stroke-width="${f(6 * b.s)}"/>`;
    // Shelves left and right of the window.
    const bookColors = [
      darken(p[2], 0.3),
      darken(p[0], 0.1),
      mix(p[1], '#6b2a2a', 0.5),
      '#2f4a3a',
      '#6a5330',
      darken(mix(p[2], '#203050', 0.5), 0.2),
    ];
    const paths = bookColors.map(() => '');
    let frame = '';
    let spines = '';
    const shelfH = 96 * b.s;
    for (const [x0, x1] of [
      [-10, wx - ww / 2 - 40 * b.s],
      [wx + ww / 2 + 40 * b.s, w + 10],
    ] as const) {
      frame += `M${f(x0)} -2H${f(x1)}V${f(h + 2)}H${f(x0)}Z`;
      for (let y = 30 * b.s; y < h; y += shelfH) {
        let x = x0 + 10 * b.s;
        while (x < x1 - 20 * b.s) {
          const bw = rng.range(9, 20) * b.s;
          const bh = shelfH * rng.range(0.6, 0.86);
          const k = rng.int(0, bookColors.length - 1);
          paths[k] += `M${f(x)} ${f(y + shelfH - 12 * b.s)}v${f(-bh)}h${f(bw)}v${f(bh)}Z`;
          if (rng.chance(0.5)) spines += `M${f(x + 2 * b.s)} ${f(y + shelfH - 12 * b.s - bh * 0.8)}h${f(bw - 4 * b.s)}`;
          x += bw + (rng.chance(0.1) ? rng.range(8, 20) * b.s : 1 * b.s);
        }
      }
    }
    out += `<path d="${frame}" fill="${darken(wood, 0.35)}"/>`;
    for (const [i, d] of paths.entries()) if (d) out += `<path d="${d}" fill="${bookColors[i]}"/>`;
    out += `<path d="${spines}" stroke="#e8c77a" stroke-opacity="0.55" stroke-width="${f(1.6 * b.s)}"/>`;
    let boards = '';
    for (let y = 30 * b.s + shelfH - 12 * b.s; y < h; y += shelfH) boards += `M-10 ${f(y)}h${f(w + 20)}v${f(12 * b.s)}h${f(-w - 20)}Z`;
    out += `<path d="${boards}" fill="${wood}"/>`;
    out += `<rect x="${f(wx - ww / 2 - 40 * b.s)}" y="${f(wy + 340 * b.s)}" width="${f(ww + 80 * b.s)}" height="${f(h)}" fill="${darken(wood, 0.2)}"/>`;
    out += particles(b, 30, lighten(p[1], 0.6), h * 0.05, h * 0.7, 1.5, 4);
    out += glow(b, wx, h * 0.4, w * 0.8, lighten(p[2], 0.3), 0.18);
    return out;
  },

  cafe(b) {
    const { w, h, p, rng, ctx } = b;
    const wall = darken(mix(p[0], '#3a2418', 0.45), 0.2);
    let out = rect(
      w,
      h,
      ctx.linear([
        [0, wall],
        [1, darken(wall, 0.4)],
      ]),
    );
    // A big window onto a blurred street of lights.
    const wx0 = w * 0.08;
    const wx1 = w * 0.92;
    const wy0 = h * 0.08;
    const wy1 = h * 0.62;
    out += `<rect x="${f(wx0)}" y="${f(wy0)}" width="${f(wx1 - wx0)}" height="${f(wy1 - wy0)}" fill="${ctx.linear([
      [0, p[0]],
      [1, p[1]],
    ])}"/>`;
    const bokehColors = [lighten(p[2], 0.3), '#ffd08a', lighten(p[1], 0.4), '#ff9fb0'];
    const fills = bokehColors.map((c) =>
      ctx.radial([
        [0, c, 0.7],
        [0.8, c, 0.45],
        [1, c, 0],
      ]),
    );
    for (let i = 0; i < 28; i++) {
      const r = rng.range(14, 46) * b.s;
      out += `<circle cx="${f(rng.range(wx0, wx1))}" cy="${f(rng.range(wy0 + 20, wy1 - 20))}" r="${f(r)}" fill="${rng.pick(fills)}"/>`;
    }
    out += `<path d="M${f(wx0)} ${f(wy0)}H${f(wx1)}V${f(wy1)}H${f(wx0)}Z M${f(w / 2)} ${f(wy0)}V${f(wy1)}M${f(wx0)} ${f((wy0 + wy1) / 2)}H${f(wx1)}" fill="none" stroke="${darken(wall, 0.35)}" stroke-width="${f(12 * b.s)}"/>`;
    // Pendant lamps.
    let lamps = '';
    for (let i = 0; i < 3; i++) {
      const lx = w * (0.2 + i * 0.3) + rng.range(-30, 30) * b.s;
      const ly = h * rng.range(0.12, 0.22);
      out += glow(b, lx, ly + 20 * b.s, 150 * b.s, '#ffcf7a', 0.5);
      lamps += `<path d="M${f(lx)} -2V${f(ly)}" stroke="#1a1210" stroke-width="${f(2 * b.s)}"/><path d="M${f(lx - 34 * b.s)} ${f(ly + 30 * b.s)}Q${f(lx - 30 * b.s)} ${f(ly)} ${f(lx)} ${f(ly)}Q${f(lx + 30 * b.s)} ${f(ly)} ${f(lx + 34 * b.s)} ${f(ly + 30 * b.s)}Z" fill="${darken(p[2], 0.4)}"/><ellipse cx="${f(lx)}" cy="${f(ly + 31 * b.s)}" rx="${f(20 * b.s)}" ry="${f(6 * b.s)}" fill="#fff2c8"/>`;
    }
    out += lamps;
    // Counter and cups.
    const cy = h * 0.66;
    out += `<rect x="-2" y="${f(cy)}" width="${f(w + 4)}" height="${f(h)}" fill="${darken(wall, 0.45)}"/><rect x="-2" y="${f(cy)}" width="${f(w + 4)}" height="${f(10 * b.s)}" fill="${lighten(wall, 0.25)}"/>`;
    let cups = '';
    for (let i = 0; i < 6; i++) {
      const x = rng.range(0.03, 0.97) * w;
      const cw = rng.range(20, 30) * b.s;
      cups += `M${f(x - cw / 2)} ${f(cy - cw)}h${f(cw)}l${f(-3 * b.s)} ${f(cw)}h${f(-cw + 6 * b.s)}Z`;
    }
    out += `<path d="${cups}" fill="${lighten(p[2], 0.7)}" fill-opacity="0.9"/>`;
    // Plant leaves in a corner.
    let leaves = '';
    const px = rng.chance(0.5) ? w * 0.04 : w * 0.96;
    for (let i = 0; i < 9; i++) {
      const a = -Math.PI / 2 + rng.range(-1.1, 1.1);
      const L = rng.range(60, 110) * b.s;
      const ex = px + Math.cos(a) * L;
      const ey = cy + Math.sin(a) * L;
      leaves += `M${f(px)} ${f(cy)}Q${f(px + Math.cos(a - 0.4) * L * 0.6)} ${f(cy + Math.sin(a - 0.4) * L * 0.6)} ${f(ex)} ${f(ey)}Q${f(px + Math.cos(a + 0.4) * L * 0.6)} ${f(cy + Math.sin(a + 0.4) * L * 0.6)} ${f(px)} ${f(cy)}Z`;
    }
    out += `<path d="${leaves}" fill="#3f6b45"/>`;
    return out;
  },

  ruins(b) {
    const { w, h, p, rng, ctx } = b;
    let out = sky(b, [
      [0, p[0]],
      [1, lighten(p[1], 0.15)],
    ]);
    const lx = rng.range(0.2, 0.8) * w;
    out += glow(b, lx, h * 0.3, w * 0.7, lighten(p[2], 0.4), 0.4);
    out += rays(b, lx, -h * 0.1, 6, lighten(p[2], 0.6), 0.09);
    out += `<path d="${ridge(b, h * 0.58, h * 0.06, 5)}" fill="${mix(p[0], p[1], 0.55)}" fill-opacity="0.8"/>`;
    const stone = mix(lighten(p[1], 0.1), '#b8ad98', 0.5);
    const shade = darken(stone, 0.35);
    let cols = '';
    let flutes = '';
    let vines = '';
    const n = rng.int(4, 6);
    for (let i = 0; i < n; i++) {
      const x = (i + 0.5) * (w / n) + rng.range(-30, 30) * b.s;
      const cw = rng.range(40, 62) * b.s * (i === 0 || i === n - 1 ? 1.3 : 0.85);
      const base = h * rng.range(0.66, 0.74);
      const top = base - rng.range(0.25, 0.5) * h;
      let d = `M${f(x - cw / 2)} ${f(base)}V${f(top)}`;
      const steps = 4;
      for (let k = 1; k <= steps; k++) d += `L${f(x - cw / 2 + (cw * k) / steps)} ${f(top + rng.range(-22, 22) * b.s)}`;
      d += `V${f(base)}Z`;
      cols += d + `M${f(x - cw * 0.7)} ${f(base)}h${f(cw * 1.4)}v${f(-14 * b.s)}h${f(-cw * 1.4)}Z`;
      for (let k = 1; k < 4; k++) flutes += `M${f(x - cw / 2 + (cw * k) / 4)} ${f(base - 16 * b.s)}V${f(top + 24 * b.s)}`;
      const pts: Array<[number, number]> = [];
      for (let k = 0; k < 6; k++) pts.push([x - cw / 2 + rng.range(0, cw), top + 20 * b.s + k * ((base - top) / 6)]);
      vines += smoothOpen(pts);
    }
    if (rng.chance(0.7)) {
      const ax = rng.range(0.3, 0.7) * w;
      const ar = rng.range(90, 140) * b.s;
      const ay = h * 0.5;
      cols += `M${f(ax - ar - 30 * b.s)} ${f(h * 0.72)}V${f(ay)}A${f(ar + 30 * b.s)} ${f(ar + 30 * b.s)} 0 0 1 ${f(ax + ar + 30 * b.s)} ${f(ay)}V${f(h * 0.72)}H${f(ax + ar)}V${f(ay)}A${f(ar)} ${f(ar)} 0 0 0 ${f(ax - ar)} ${f(ay)}V${f(h * 0.72)}Z`;
    }
    out += `<path d="${cols}" fill="${ctx.linear(
      [
        [0, stone],
        [1, shade],
      ],
      0,
      0,
      1,
      0.3,
    )}"/><path d="${flutes}" stroke="${shade}" stroke-opacity="0.6" stroke-width="${f(2 * b.s)}"/>`;
    out += `<path d="${vines}" fill="none" stroke="#4f7a3c" stroke-width="${f(3 * b.s)}" stroke-linecap="round"/>`;
    out += `<path d="${ridge(b, h * 0.74, h * 0.03, 9)}" fill="${darken(mix(p[0], '#5a5040', 0.4), 0.4)}"/>`;
    out += particles(b, 20, lighten(p[2], 0.5), h * 0.1, h * 0.7, 2, 5);
    return out;
  },

  snow(b) {
    const { w, h, p, rng } = b;
    let out = sky(b, [
      [0, p[0]],
      [1, lighten(p[1], 0.25)],
    ]);
    out += glow(b, rng.range(0.2, 0.8) * w, h * 0.2, w * 0.5, lighten(p[2], 0.5), 0.35);
    // Mountains with snow caps.
    let m = '';
    let caps = '';
    for (let i = 0; i < 4; i++) {
      const x = rng.range(-0.1, 1.1) * w;
      const mh = rng.range(0.2, 0.35) * h;
      const mw = rng.range(0.35, 0.55) * w;
      const base = h * 0.55;
      m += `M${f(x - mw)} ${f(base)}L${f(x)} ${f(base - mh)}L${f(x + mw)} ${f(base)}Z`;
      caps += `M${f(x - mw * 0.28)} ${f(base - mh * 0.72)}L${f(x)} ${f(base - mh)}L${f(x + mw * 0.28)} ${f(base - mh * 0.72)}L${f(x + mw * 0.12)} ${f(base - mh * 0.66)}L${f(x)} ${f(base - mh * 0.74)}L${f(x - mw * 0.14)} ${f(base - mh * 0.64)}Z`;
    }
    out += `<path d="${m}" fill="${mix(p[0], p[1], 0.5)}"/><path d="${caps}" fill="#f4f8ff" fill-opacity="0.9"/>`;
    out += fog(b, h * 0.55, h * 0.12, '#ffffff', 0.45);
    out += pines(b, h * 0.66, 10, 200, 300, mix(darken(p[0], 0.3), '#1d3a3a', 0.5), '#eef4ff');
    out += `<path d="${ridge(b, h * 0.74, h * 0.04, 5, 0.2)}" fill="${lighten(p[1], 0.75)}"/>`;
    out += pines(b, h * 0.9, 5, 360, 480, darken(mix(p[0], '#143030', 0.6), 0.4), '#e6eeff');
    let flakes = '';
    for (let i = 0; i < 160; i++) flakes += circleD(rng.range(0, w), rng.range(0, h), rng.range(1, 3.2) * b.s);
    out += `<path d="${flakes}" fill="#ffffff" fill-opacity="0.85"/>`;
    out += particles(b, 12, '#ffffff', 0, h, 6, 14);
    return out;
  },

  temple(b) {
    const { w, h, p, rng } = b;
    let out = sky(b, [
      [0, p[0]],
      [1, p[1]],
    ]);
    const sx = rng.range(0.25, 0.75) * w;
    out += glow(b, sx, h * 0.3, w * 0.6, lighten(p[2], 0.4), 0.45);
    out += `<circle cx="${f(sx)}" cy="${f(h * 0.3)}" r="${f(70 * b.s)}" fill="${lighten(p[2], 0.5)}" fill-opacity="0.9"/>`;
    out += `<path d="${ridge(b, h * 0.56, h * 0.12, 5)}" fill="${mix(p[0], p[1], 0.6)}" fill-opacity="0.8"/>`;
    // Pagoda: stacked roofs with upturned eaves.
    const px = rng.chance(0.5) ? w * rng.range(0.1, 0.22) : w * rng.range(0.78, 0.9);
    const dark = darken(mix(p[0], '#2a1018', 0.4), 0.45);
    let pag = '';
    const tiers = 5;
    let y = h * 0.7;
    for (let i = 0; i < tiers; i++) {
      const rw = (130 - i * 18) * b.s;
      const bh = (46 - i * 4) * b.s;
      pag += `M${f(px - rw * 0.55)} ${f(y)}V${f(y - bh)}H${f(px + rw * 0.55)}V${f(y)}Z`;
      y -= bh;
      pag += `M${f(px - rw * 1.05)} ${f(y - 4 * b.s)}Q${f(px - rw * 0.6)} ${f(y + 6 * b.s)} ${f(px - rw * 0.35)} ${f(y - 22 * b.s)}H${f(px + rw * 0.35)}Q${f(px + rw * 0.6)} ${f(y + 6 * b.s)} ${f(px + rw * 1.05)} ${f(y - 4 * b.s)}L${f(px + rw * 0.7)} ${f(y + 6 * b.s)}H${f(px - rw * 0.7)}Z`;
      y -= 20 * b.s;
    }
    pag += `M${f(px - 3 * b.s)} ${f(y)}v${f(-70 * b.s)}h${f(6 * b.s)}v${f(70 * b.s)}Z`;
    out += `<path d="${pag}" fill="${dark}"/>`;
    // Gate in the middle distance.
    const gx = w - px + rng.range(-40, 40) * b.s;
    const gw = 150 * b.s;
    const gy = h * 0.62;
    const red = mix(p[2], '#c0302a', 0.5);
    out += `<path d="M${f(gx - gw / 2)} ${f(gy)}v${f(-200 * b.s)}h${f(14 * b.s)}v${f(200 * b.s)}Z M${f(gx + gw / 2 - 14 * b.s)} ${f(gy)}v${f(-200 * b.s)}h${f(14 * b.s)}v${f(200 * b.s)}Z M${f(gx - gw * 0.72)} ${f(gy - 200 * b.s)}Q${f(gx)} ${f(gy - 218 * b.s)} ${f(gx + gw * 0.72)} ${f(gy - 200 * b.s)}v${f(-16 * b.s)}Q${f(gx)} ${f(gy - 236 * b.s)} ${f(gx - gw * 0.72)} ${f(gy - 216 * b.s)}Z M${f(gx - gw * 0.6)} ${f(gy - 170 * b.s)}h${f(gw * 1.2)}v${f(10 * b.s)}h${f(-gw * 1.2)}Z" fill="${darken(red, 0.15)}"/>`;
    out += fog(b, h * 0.64, h * 0.1, lighten(p[1], 0.3), 0.4);
    // Paper lanterns.
    for (let i = 0; i < 5; i++) {
      const lx = rng.range(0.05, 0.95) * w;
      const ly = rng.range(0.05, 0.3) * h;
      out += glow(b, lx, ly, 60 * b.s, '#ffb35a', 0.55);
      out += `<path d="M${f(lx)} -2V${f(ly - 16 * b.s)}" stroke="${dark}" stroke-width="${f(1.5 * b.s)}"/><ellipse cx="${f(lx)}" cy="${f(ly)}" rx="${f(13 * b.s)}" ry="${f(17 * b.s)}" fill="${mix('#ff7a3a', p[2], 0.3)}"/>`;
    }
    let petals = '';
    for (let i = 0; i < 45; i++) {
      const x = rng.range(0, w);
      const yy = rng.range(0, h);
      const r = rng.range(3, 6) * b.s;
      petals += `M${f(x)} ${f(yy)}q${f(r)} ${f(-r)} ${f(2 * r)} 0q${f(-r)} ${f(r)} ${f(-2 * r)} 0Z`;
    }
    out += `<path d="${petals}" fill="#ffc4d6" fill-opacity="0.85"/>`;
    return out;
  },

  lab(b) {
    const { w, h, p, rng, ctx } = b;
    const acc = vivid(p[2], 0.7, 0.6);
    let out = rect(
      w,
      h,
      ctx.linear([
        [0, darken(p[0], 0.35)],
        [1, darken(p[1], 0.4)],
      ]),
    );
    let grid = '';
    for (let x = 0; x < w; x += 64 * b.s) grid += `M${f(x)} 0V${f(h)}`;
    for (let y = 0; y < h; y += 64 * b.s) grid += `M0 ${f(y)}H${f(w)}`;
    out += `<path d="${grid}" stroke="${acc}" stroke-opacity="0.07" stroke-width="${f(1 * b.s)}"/>`;
    out += glow(b, w / 2, h * 0.4, w * 0.7, acc, 0.22);
    // Holographic screens.
    for (let i = 0; i < 5; i++) {
      const sw = rng.range(110, 200) * b.s;
      const sh = rng.range(70, 130) * b.s;
      const x = i % 2 === 0 ? rng.range(-0.05, 0.25) * w : rng.range(0.6, 0.85) * w;
      const y = rng.range(0.05, 0.55) * h;
      let lines = '';
      const bars = rng.chance(0.5);
      for (let k = 0; k < 6; k++) {
        if (bars) {
          const bh = rng.range(0.2, 0.8) * (sh - 30 * b.s);
          lines += `M${f(x + 14 * b.s + k * ((sw - 28 * b.s) / 6))} ${f(y + sh - 12 * b.s)}v${f(-bh)}`;
        } else lines += `M${f(x + 12 * b.s)} ${f(y + 16 * b.s + k * 16 * b.s)}h${f(rng.range(0.3, 0.85) * (sw - 24 * b.s))}`;
      }
      out += `<rect x="${f(x)}" y="${f(y)}" width="${f(sw)}" height="${f(sh)}" rx="${f(6 * b.s)}" fill="${acc}" fill-opacity="0.12" stroke="${acc}" stroke-opacity="0.8" stroke-width="${f(2 * b.s)}"/><path d="${lines}" stroke="${lighten(acc, 0.4)}" stroke-opacity="0.75" stroke-width="${f((bars ? 8 : 3) * b.s)}"/>`;
    }
    // Specimen tubes.
    for (let i = 0; i < 2; i++) {
      const tx = i === 0 ? w * 0.06 : w * 0.94;
      const tw = 70 * b.s;
      const top = h * 0.35;
      const liquid = mix(acc, p[1], 0.3);
      let bubbles = '';
      for (let k = 0; k < 10; k++)
        bubbles += circleD(tx + rng.range(-tw / 3, tw / 3), rng.range(top + 40 * b.s, h * 0.85), rng.range(2, 6) * b.s);
      out += `<rect x="${f(tx - tw / 2)}" y="${f(top)}" width="${f(tw)}" height="${f(h * 0.55)}" rx="${f(tw / 2)}" fill="${ctx.linear(
        [
          [0, liquid, 0.55],
          [0.5, lighten(liquid, 0.3), 0.3],
          [1, liquid, 0.55],
        ],
        0,
        0,
        1,
        0,
      )}" stroke="${lighten(acc, 0.5)}" stroke-opacity="0.6" stroke-width="${f(3 * b.s)}"/><path d="${bubbles}" fill="#ffffff" fill-opacity="0.5"/>`;
    }
    out += `<rect x="-2" y="${f(h * 0.8)}" width="${f(w + 4)}" height="${f(h * 0.2 + 4)}" fill="${ctx.linear([
      [0, lighten(p[0], 0.1), 0.6],
      [1, darken(p[0], 0.6), 0.9],
    ])}"/>`;
    return out;
  },

  sunset(b) {
    const { w, h, p, rng } = b;
    const hz = h * 0.6;
    let out = sky(b, [
      [0, p[0]],
      [0.45, mix(p[0], p[1], 0.7)],
      [0.6, lighten(p[2], 0.2)],
      [1, p[1]],
    ]);
    const sx = rng.range(0.25, 0.75) * w;
    out += glow(b, sx, hz, w * 0.9, lighten(p[2], 0.4), 0.6);
    out += `<circle cx="${f(sx)}" cy="${f(hz - 20 * b.s)}" r="${f(110 * b.s)}" fill="${lighten(p[2], 0.55)}"/>`;
    for (let i = 0; i < 6; i++) {
      const cy = rng.range(0.12, 0.5) * h;
      out += `<ellipse cx="${f(rng.range(0, w))}" cy="${f(cy)}" rx="${f(rng.range(120, 260) * b.s)}" ry="${f(rng.range(8, 20) * b.s)}" fill="${mix(p[0], p[2], cy / hz)}" fill-opacity="0.6"/>`;
    }
    out += `<path d="${ridge(b, hz + 10 * b.s, h * 0.08, 5)}" fill="${darken(mix(p[0], p[1], 0.5), 0.45)}"/>`;
    out += `<path d="${ridge(b, hz + h * 0.12, h * 0.06, 4)}" fill="${darken(p[0], 0.65)}"/>`;
    let birds = '';
    for (let i = 0; i < 6; i++) {
      const x = rng.range(0.1, 0.9) * w;
      const y = rng.range(0.15, 0.4) * h;
      const s = rng.range(6, 12) * b.s;
      birds += `M${f(x - s)} ${f(y - s * 0.4)}Q${f(x - s * 0.4)} ${f(y - s * 0.6)} ${f(x)} ${f(y)}Q${f(x + s * 0.4)} ${f(y - s * 0.6)} ${f(x + s)} ${f(y - s * 0.4)}`;
    }
    out += `<path d="${birds}" fill="none" stroke="${darken(p[0], 0.5)}" stroke-width="${f(2 * b.s)}" stroke-linecap="round"/>`;
    return out;
  },

  hellscape(b) {
    const { w, h, p, rng, ctx } = b;
    const fire = mix(vivid(p[2], 0.8, 0.55), '#ff5a1f', 0.4);
    let out = sky(b, [
      [0, darken(p[0], 0.55)],
      [0.6, darken(mix(p[1], '#5a0d0d', 0.5), 0.2)],
      [1, mix(p[1], fire, 0.5)],
    ]);
    for (let i = 0; i < 4; i++)
      out += cloud(b, rng.range(0, w), rng.range(0.08, 0.35) * h, rng.range(260, 420) * b.s, darken(p[0], 0.4), mix(p[1], fire, 0.3), 0.55);
    out += glow(b, w / 2, h * 0.85, w, fire, 0.6);
    let spires = '';
    for (let i = 0; i < 9; i++) {
      const x = rng.range(-0.05, 1.05) * w;
      const sh = rng.range(0.15, 0.45) * h;
      const sw = rng.range(30, 70) * b.s;
      const base = h * rng.range(0.68, 0.8);
      spires += `M${f(x - sw)} ${f(base)}L${f(x - sw * 0.2)} ${f(base - sh * 0.6)}L${f(x + sw * 0.1)} ${f(base - sh)}L${f(x + sw * 0.35)} ${f(base - sh * 0.55)}L${f(x + sw)} ${f(base)}Z`;
    }
    out += `<path d="${spires}" fill="${darken(mix(p[0], '#1a0505', 0.6), 0.5)}"/>`;
    out += `<path d="${ridge(b, h * 0.82, h * 0.04, 7)}" fill="${ctx.linear([
      [0, fire],
      [0.2, darken(fire, 0.4)],
      [1, '#1a0404'],
    ])}"/>`;
    out += particles(b, 40, '#ffb347', h * 0.2, h, 2, 6);
    return out;
  },

  clouds(b) {
    const { w, h, p, rng } = b;
    let out = sky(b, [
      [0, p[0]],
      [1, lighten(p[1], 0.2)],
    ]);
    const sx = rng.range(0.2, 0.8) * w;
    out += glow(b, sx, h * 0.18, w * 0.7, '#fff6dc', 0.6);
    out += rays(b, sx, h * 0.18, 10, '#fffbe8', 0.14);
    const layers = 4;
    for (let i = 0; i < layers; i++) {
      const t = i / (layers - 1);
      for (let k = 0; k < 3; k++) {
        out += cloud(
          b,
          rng.range(-0.1, 1.1) * w,
          h * (0.3 + t * 0.5) + rng.range(-30, 30) * b.s,
          rng.range(260, 460) * b.s * (0.7 + t * 0.6),
          '#ffffff',
          mix(lighten(p[1], 0.3), p[2], 0.25 + 0.15 * t),
          0.85 + 0.15 * t,
        );
      }
    }
    return out;
  },
};

/** The scene behind a character, drawn in a w×h box. */
export function drawBackdrop(ctx: Ctx, kind: Backdrop, palette: Palette, w: number, h: number, mood: Mood = 'base'): string {
  const fn = draw[kind];
  if (!fn) throw new Error(`Unknown backdrop "${String(kind)}"`);
  const p = moodPalette(palette, mood);
  const b: B = { ctx, rng: ctx.rng.fork(`backdrop:${kind}`), w, h, p, s: Math.sqrt(w * h) / 940 };
  let out = fn(b);
  if (mood === 'night') out += rect(w, h, '#060a24', ' fill-opacity="0.25"');
  if (mood === 'dusk')
    out += rect(
      w,
      h,
      ctx.linear([
        [0, '#3b1d5a', 0.2],
        [1, '#ff8a4c', 0.18],
      ]),
    );
  return out;
}
