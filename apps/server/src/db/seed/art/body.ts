// What the figure has below the head and behind it: wings, a tail, and the skin of the neck and chest.
import type { Appearance } from '../catalogue/types.ts';
import { darken, lighten, mix, vivid } from './color.ts';
import { line, path, type Part } from './figure-paint.ts';
import { type Geo, torsoD } from './geometry.ts';
import type { Rng } from './rng.ts';
import { type Ctx, f } from './svg.ts';

/** Path data of one feathered wing (`s`: -1 left, 1 right): three rows of seven tapered feathers. */
function featheredWingD(s: number): string {
  let d = '';
  for (let row = 0; row < 3; row++) {
    for (let i = 0; i < 7; i++) {
      const a0 = -0.35 - i * 0.19 + row * 0.05;
      const L = 340 - row * 80 - i * 14;
      const bx = s * (110 + row * 30);
      const by = 210 - row * 10;
      const tx = bx + s * Math.cos(a0) * L;
      const ty = by + Math.sin(a0) * L * 1.05;
      const wdt = L * 0.13;
      const nx = -(ty - by) / L;
      const ny = (s * (tx - bx)) / L;
      d += `M${f(bx)} ${f(by)}Q${f((bx + tx) / 2 + nx * wdt * s)} ${f((by + ty) / 2 + ny * wdt)} ${f(tx)} ${f(ty)}Q${f((bx + tx) / 2 - nx * wdt * s)} ${f((by + ty) / 2 - ny * wdt)} ${f(bx)} ${f(by)}Z`;
    }
  }
  return d;
}

/** Feathered wings (`feathered-wings`) or leathery ones (`wings`), behind the body. */
export function drawWings(ctx: Ctx, a: Appearance, accent: string): Part {
  const f_ = a.features;
  const feathered = f_.includes('feathered-wings');
  const wc = feathered ? mix('#f4f1ea', accent, 0.18) : darken(mix(a.outfit.color, accent, 0.35), 0.45);
  let svg = '';
  let outline = '';
  for (const s of [-1, 1]) {
    if (feathered) {
      const d = featheredWingD(s);
      svg += path(
        d,
        ctx.linearU(
          [
            [0, lighten(wc, 0.4)],
            [1, darken(wc, 0.25)],
          ],
          0,
          -200,
          0,
          300,
        ),
        1,
        ` stroke="${darken(wc, 0.25)}" stroke-width="1.5"`,
      );
      outline += d;
    } else {
      const d = `M${s * 110} 220C${s * 200} 80 ${s * 300} -60 ${s * 420} -170L${s * 430} -120L${s * 400} 40Q${s * 360} 60 ${s * 340} 120Q${s * 300} 120 ${s * 270} 190Q${s * 230} 190 ${s * 200} 260Q${s * 160} 250 ${s * 130} 300Z`;
      svg += path(
        d,
        ctx.linearU(
          [
            [0, lighten(wc, 0.15)],
            [1, darken(wc, 0.3)],
          ],
          0,
          -150,
          0,
          300,
        ),
      );
      svg += line(
        `M${s * 110} 220L${s * 420} -160M${s * 250} 70L${s * 400} 40M${s * 220} 110L${s * 340} 120M${s * 180} 170L${s * 270} 190`,
        darken(wc, 0.5),
        5,
      );
      outline += d;
    }
  }
  return { svg, outline };
}

/** A tail on the key-light side: fluffy, or scaled when the character has horns or scales. */
export function drawTail(ctx: Ctx, a: Appearance, g: Geo, light: number, accent: string): Part {
  const f_ = a.features;
  const s = light;
  const fluffy = !f_.includes('horns') && !f_.includes('scales');
  const tc = fluffy ? a.hairColor : darken(mix(a.outfit.color, accent, 0.4), 0.3);
  // Rises from behind one shoulder so that it shows beside the head, inside the frame.
  const x = g.shW - (fluffy ? 150 : 80);
  const d = fluffy
    ? `M${s * (x - 60)} 570C${s * (x + 120)} 490 ${s * (x + 150)} 270 ${s * (x + 70)} 130C${s * (x + 40)} 70 ${s * (x + 110)} 50 ${s * (x + 150)} 100C${s * (x + 230)} 250 ${s * (x + 150)} 520 ${s * (x - 20)} 630Z`
    : `M${s * (x - 40)} 570C${s * (x + 100)} 510 ${s * (x + 110)} 290 ${s * (x + 70)} 170L${s * (x + 85)} 166C${s * (x + 135)} 290 ${s * (x + 120)} 520 ${s * (x - 10)} 610Z M${s * (x + 77)} 170l${s * -30} -30l${s * 32} -46l${s * 24} 50Z`;
  let svg = path(
    d,
    ctx.linearU(
      [
        [0, lighten(tc, 0.2)],
        [1, darken(tc, 0.35)],
      ],
      0,
      60,
      0,
      570,
    ),
  );
  if (fluffy) svg += path(`M${s * (x + 100)} 100C${s * (x + 160)} 120 ${s * (x + 150)} 200 ${s * (x + 120)} 170Z`, lighten(tc, 0.6), 0.9);
  return { svg, outline: d };
}

/** Neck and shoulders (skin, under the outfit), with the marks the character's features put on them. */
export function neckAndChest(ctx: Ctx, rng: Rng, g: Geo, a: Appearance, light: number, sh: string): string {
  const f_ = a.features;
  const skin = a.skinTone;
  const accent = a.palette[2];
  const neckD = `M${-g.neckW} 50L${-g.neckW - 3} 200L${g.neckW + 3} 200L${g.neckW} 50Z`;
  let body = path(
    neckD,
    ctx.linearU(
      [
        [0, lighten(skin, 0.08)],
        [0.55, skin],
        [1, mix(skin, sh, 0.8)],
      ],
      light * g.neckW,
      0,
      -light * g.neckW,
      0,
    ),
  );
  // The head's shadow on the neck, strongest right under the jaw.
  body += path(
    `M${-g.neckW - 4} 50H${g.neckW + 4}V190H${-g.neckW - 4}Z`,
    ctx.linearU(
      [
        [0, sh, 0.85],
        [0.55, sh, 0.6],
        [1, sh, 0],
      ],
      0,
      g.chinY - 10,
      0,
      g.chinY + 55,
    ),
  );
  body += path(torsoD(g), skin);
  if (f_.includes('tattoos')) {
    const ink = mix('#1d2b3a', accent, 0.25);
    const s = rng.pick([-1, 1]);
    body += line(
      `M${s * (g.neckW - 6)} 80q${s * 14} 30 ${s * -2} 60q${s * -10} 20 ${s * 6} 50M${s * (g.neckW - 12)} 110q${s * 10} 6 ${s * 8} 20`,
      ink,
      3,
      0.75,
    );
  }
  if (f_.includes('scales')) {
    let d = '';
    for (let r = 0; r < 5; r++)
      for (let k = 0; k < 2; k++) d += `M${-g.neckW + 4 + k * 11 + (r % 2) * 5} ${70 + r * 12}q6 9 12 0q-6 3 -12 0Z`;
    body += path(d, mix(skin, vivid(accent, 0.5, 0.5), 0.45), 0.85);
  }
  if (f_.includes('circuitry')) {
    const c = vivid(accent, 0.85, 0.6);
    body += line(`M${g.neckW - 8} 70v40l-10 12v40`, c, 2.2, 0.9);
  }
  return body;
}
