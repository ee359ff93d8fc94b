// Backdrops of rooms: a library, a café and a laboratory.
import { type BackdropDrawings, glow, particles, rect } from './backdrop-shapes.ts';
import { darken, lighten, mix, vivid } from './color.ts';
import { circleD, f } from './svg.ts';

export const indoorBackdrops: BackdropDrawings<'library' | 'cafe' | 'lab'> = {
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
};
