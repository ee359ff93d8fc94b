// Backdrops of city streets at night.
import { type BackdropDrawings, fog, glow, sky, stars, windowsGrid } from './backdrop-shapes.ts';
import { adjust, darken, lighten, mix, vivid } from './color.ts';
import { circleD, f, glowLine } from './svg.ts';

export const cityBackdrops: BackdropDrawings<'city-night' | 'neon'> = {
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
};
