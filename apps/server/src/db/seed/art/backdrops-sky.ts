// Backdrops where the sky is the scene: space, sunsets, hellfire and clouds.
import { type BackdropDrawings, cloud, glow, particles, rays, rect, ridge, sky, stars } from './backdrop-shapes.ts';
import { darken, lighten, mix, vivid } from './color.ts';
import { f } from './svg.ts';

export const skyBackdrops: BackdropDrawings<'space' | 'sunset' | 'hellscape' | 'clouds'> = {
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
