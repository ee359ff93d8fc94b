// Backdrops of landscapes: woods, castles, sea, desert, ruins, snow and temples.
import { type BackdropDrawings, cloud, fog, glow, particles, pines, rays, ridge, sky, stars } from './backdrop-shapes.ts';
import { darken, lighten, mix, vivid } from './color.ts';
import { circleD, f, smoothOpen } from './svg.ts';

export const landscapeBackdrops: BackdropDrawings<'forest' | 'castle' | 'ocean' | 'desert' | 'ruins' | 'snow' | 'temple'> = {
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
};
