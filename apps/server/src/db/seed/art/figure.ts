import type { Appearance } from '../catalogue/types.ts';
import { adjust, darken, lighten, luma, mix, vivid } from './color.ts';
import { faceD, geometry, torsoD, type Geo } from './geometry.ts';
import { drawHair } from './hair.ts';
import { drawOutfit } from './outfit.ts';
import { circleD, type Ctx, f, glowLine } from './svg.ts';

export type Feature = Appearance['features'][number];
export const FEATURES: readonly Feature[] = [
  'horns',
  'wings',
  'feathered-wings',
  'halo',
  'elf-ears',
  'fangs',
  'glasses',
  'tattoos',
  'scars',
  'glowing-eyes',
  'circuitry',
  'tail',
  'freckles',
  'piercings',
  'crown',
  'hood',
  'beard',
  'antennae',
  'scales',
];

export interface FigureOpts {
  /** -1: key light from the left; 1: from the right. */
  light: number;
  /** Head tilt in degrees. */
  tilt: number;
  /** Gaze offset of the irises (-1..1). */
  gaze: number;
}

export interface Figure {
  /** Everything, front to back, in head-centred coordinates. */
  svg: string;
  /** Path data of the silhouette below the neck and behind (for rim light and silhouettes). */
  outlineBody: string;
  /** Path data of the head and hair, drawn with the head tilt (`headTransform`). */
  outlineHead: string;
  headTransform: string;
}

const path = (d: string, fill: string, op = 1, extra = '') =>
  `<path d="${d}" fill="${fill}"${op < 1 ? ` fill-opacity="${op}"` : ''}${extra}/>`;
const line = (d: string, c: string, w: number, op = 1) =>
  `<path d="${d}" fill="none" stroke="${c}" stroke-width="${f(w)}"${op < 1 ? ` stroke-opacity="${op}"` : ''} stroke-linecap="round" stroke-linejoin="round"/>`;

function eyes(ctx: Ctx, g: Geo, a: Appearance, o: FigureOpts, lashC: string, skinShadow: string) {
  const glowing = a.features.includes('glowing-eyes');
  const iris = glowing ? vivid(a.eyeColor, 0.8, 0.62) : a.eyeColor;
  const e = g.eyeH;
  const rng = ctx.rng.fork('eyes');
  const tiltOuter = rng.range(-3, 4) + (a.presentation === 'feminine' ? 2 : 0);
  let out = '';
  const irisFill = ctx.radial(
    [
      [0, darken(iris, 0.2)],
      [0.35, iris],
      [0.75, lighten(iris, glowing ? 0.5 : 0.25)],
      [1, darken(iris, 0.55)],
    ],
    0.5,
    0.6,
    0.55,
  );
  for (const s of [-1, 1]) {
    const ix = s * 18;
    const ox = s * 66;
    const cy = 12;
    const oy = cy - tiltOuter;
    const top = cy - 21 * e;
    const bot = cy + 15 * e;
    out += `<g transform="translate(${s * 42} 12) scale(1.14) translate(${-s * 42} -12)">`;
    const white = `M${ix} ${cy + 3}C${s * 26} ${f(top)} ${s * 56} ${f(top - 2)} ${ox} ${f(oy)}C${s * 60} ${f(bot)} ${s * 28} ${f(bot + 2)} ${ix} ${cy + 3}Z`;
    const clip = ctx.clip(`<path d="${white}"/>`);
    const gx = s * 42 + o.gaze * 5;
    const r = 15.5 + e * 1.5;
    out += path(white, '#fbf8f6');
    out += `<g clip-path="${clip}">`;
    out += `<circle cx="${f(gx)}" cy="${f(cy + 2)}" r="${f(r)}" fill="${irisFill}"/>`;
    out += `<ellipse cx="${f(gx)}" cy="${f(cy + 2)}" rx="${f(r * 0.42)}" ry="${f(r * 0.5)}" fill="${glowing ? lighten(iris, 0.7) : darken(iris, 0.75)}"/>`;
    out += path(
      `M${ix - s * 4} ${f(top - 10)}H${ox + s * 6}V${f(cy - 4 * e)}Q${s * 42} ${f(cy - 10 * e)} ${ix - s * 4} ${f(cy - 2)}Z`,
      darken(lashC, 0.2),
      0.35,
    );
    out += `</g>`;
    out += `<circle cx="${f(gx - 5)}" cy="${f(cy - 5 * e)}" r="${f(4.6 * Math.max(0.8, e))}" fill="#ffffff"/><circle cx="${f(gx + 6)}" cy="${f(cy + 8 * e)}" r="2.2" fill="#ffffff" fill-opacity="0.9"/>`;
    // Upper lash line, thickening towards the outer corner, with a flick on feminine eyes.
    const flick = g.lash * 10;
    const lw = 3 + g.lash * 3;
    out += path(
      `M${ix - s * 2} ${cy + 4}C${s * 26} ${f(top - 2)} ${s * 56} ${f(top - 4)} ${ox + s * 2} ${f(oy - 1)}L${f(ox + s * (4 + flick))} ${f(oy - 4 - flick * 0.6)}L${ox - s * 1} ${f(oy + lw * 0.6)}C${s * 56} ${f(top + lw * 0.6)} ${s * 28} ${f(top + lw * 0.4)} ${ix} ${cy + 5}Z`,
      lashC,
    );
    out += line(`M${s * 26} ${f(bot)}Q${s * 46} ${f(bot + 3)} ${ox - s * 4} ${f(oy + 5)}`, lashC, 1.4, 0.55);
    if (g.lash > 0.6) {
      // Two small lashes flicking out of the outer corner.
      out += line(`M${ox - s * 4} ${f(oy - 2)}q${s * 8} -4 ${s * 12} -12M${ox - s * 1} ${f(oy + 3)}q${s * 8} 0 ${s * 13} -6`, lashC, 2.2);
    }
    out += line(`M${s * 28} ${f(top - 9)}Q${s * 46} ${f(top - 13)} ${ox - s * 2} ${f(oy - 10)}`, skinShadow, 1.6, 0.6);
    out += '</g>';
    if (glowing) {
      out += `<circle cx="${f(gx)}" cy="${f(cy)}" r="40" fill="${ctx.radial([
        [0, lighten(iris, 0.4), 0.55],
        [1, iris, 0],
      ])}"/>`;
    }
  }
  return out;
}

const earD = (s: number, elf: boolean) =>
  elf
    ? `M${s * 88} -4C${s * 120} -20 ${s * 150} -58 ${s * 176} -86C${s * 160} -30 ${s * 128} 40 ${s * 94} 54Z`
    : `M${s * 90} 0C${s * 110} -8 ${s * 114} 30 ${s * 100} 52C${s * 96} 58 ${s * 90} 56 ${s * 88} 50Z`;

function head(ctx: Ctx, g: Geo, a: Appearance, o: FigureOpts, hairFront: string, fringeD: string): string {
  const rng = ctx.rng.fork('face');
  const skin = a.skinTone;
  const sh = adjust(darken(skin, 0.22), -6, 1.15);
  const hi = lighten(skin, 0.18);
  const face = faceD(g);
  const faceClip = ctx.clip(`<path d="${face}"/>`);
  const f_ = a.features;
  const lashC = mix(darken(a.hairColor, 0.7), '#1a0f14', 0.5);
  let out = '';
  // Ears.
  for (const s of [-1, 1]) {
    const ear = earD(s, f_.includes('elf-ears'));
    out += path(ear, skin) + path(ear, sh, 0.35);
    out += line(
      f_.includes('elf-ears') ? `M${s * 100} 30C${s * 120} 0 ${s * 140} -40 ${s * 160} -68` : `M${s * 98} 10Q${s * 104} 28 ${s * 96} 44`,
      sh,
      3,
      0.7,
    );
    if (f_.includes('piercings')) {
      out += `<circle cx="${s * 98}" cy="58" r="9" fill="none" stroke="#d9dde4" stroke-width="2.6"/>`;
      out += path(circleD(s * 102, 36, 3) + circleD(s * 104, 24, 2.6), '#e6e9ef');
    }
  }
  const faceFill = ctx.radial(
    [
      [0, hi],
      [0.55, skin],
      [1, mix(skin, sh, 0.6)],
    ],
    o.light < 0 ? 0.38 : 0.62,
    0.35,
    0.7,
  );
  out += path(face, faceFill);
  out += `<g clip-path="${faceClip}">`;
  // Form shadow on the side away from the key light, and under the hair.
  out += `<ellipse cx="${-o.light * 130}" cy="20" rx="120" ry="200" fill="${ctx.radial([
    [0, sh, 0.55],
    [0.6, sh, 0.4],
    [1, sh, 0],
  ])}"/>`;
  if (fringeD) out += `<path d="${fringeD}" transform="translate(${-o.light * 5} 12)" fill="${sh}" fill-opacity="0.55"/>`;
  // Cheek blush.
  const blush = mix(skin, '#ff6f7d', 0.55);
  for (const s of [-1, 1])
    out += `<ellipse cx="${s * 52}" cy="52" rx="24" ry="12" fill="${ctx.radial([
      [0, blush, a.presentation === 'masculine' ? 0.18 : 0.42],
      [1, blush, 0],
    ])}"/>`;
  if (f_.includes('freckles')) {
    let d = '';
    for (let i = 0; i < 26; i++) {
      const s = i % 2 ? 1 : -1;
      d += circleD(s * rng.range(14, 66), rng.range(30, 60), rng.range(1, 2.1));
    }
    out += path(d, darken(skin, 0.35), 0.6);
  }
  if (f_.includes('scales')) {
    let d = '';
    const sc = mix(skin, vivid(a.palette[2], 0.5, 0.5), 0.45);
    for (const s of [-1, 1])
      for (let r = 0; r < 4; r++)
        for (let k = 0; k < 3 - (r > 1 ? 1 : 0); k++) {
          const x = s * (74 - k * 12 - (r % 2) * 6);
          const y = -4 + r * 11;
          d += `M${x - 6} ${y}q6 9 12 0q-6 3 -12 0Z`;
        }
    out += path(d, sc, 0.85) + line(d, lighten(sc, 0.4), 0.8, 0.5);
  }
  if (f_.includes('tattoos')) {
    const ink = mix('#1d2b3a', a.palette[2], 0.25);
    const s = rng.pick([-1, 1]);
    // A tribal mark under the eye: three tapering bars.
    out += path(
      `M${s * 40} 40l${s * 22} 2l${s * -20} 5ZM${s * 44} 50l${s * 20} 2l${s * -18} 4ZM${s * 48} 59l${s * 16} 2l${s * -14} 3Z`,
      ink,
      0.85,
    );
  }
  if (f_.includes('circuitry')) {
    const c = vivid(a.palette[2], 0.85, 0.6);
    const s = rng.pick([-1, 1]);
    const d = `M${s * 96} -30h${s * -20}l${s * -12} 20v34M${s * 94} 10h${s * -16}l${s * -8} 12v30l${s * 10} 14`;
    out += glowLine(d, c, 2) + path(circleD(s * 64, 24, 3.2) + circleD(s * 80, 76, 3.2) + circleD(s * 76, -30, 3), lighten(c, 0.5));
  }
  out += `</g>`;
  // Nose and mouth hints.
  out += line(`M${o.light * -3} 38Q${o.light * -9} 54 ${o.light * -1} 58`, sh, 2.6, 0.8);
  out += `<ellipse cx="${o.light * 3}" cy="40" rx="3" ry="9" fill="#ffffff" fill-opacity="0.18"/>`;
  const smile = rng.range(1, 6);
  const mw = a.presentation === 'masculine' ? 17 : 14;
  const lip = mix(mix(skin, '#c2415a', 0.55), sh, 0.15);
  if (g.lip > 0.2) out += path(`M${-mw + 3} 84Q0 ${f(86 + smile + 7)} ${mw - 3} 84Q0 ${f(86 + smile)} ${-mw + 3} 84Z`, lip, g.lip + 0.2);
  out += line(`M${-mw} 83Q0 ${f(84 + smile)} ${mw} 83`, darken(lip, luma(skin) < 0.35 ? 0.55 : 0.35), 2.6);
  out += line(`M-6 ${f(95 + smile * 0.4)}Q0 ${f(97 + smile * 0.4)} 6 ${f(95 + smile * 0.4)}`, sh, 2, 0.5);
  if (f_.includes('fangs')) out += path(`M${-mw + 5} 84l3 9l3 -8.6ZM${mw - 11} 84.6l3 8.6l3 -9Z`, '#ffffff');
  out += eyes(ctx, g, a, o, lashC, sh);
  // Brows.
  const browC = darken(a.hairColor, 0.35);
  const arch = rng.range(-4, 6);
  for (const s of [-1, 1]) {
    const bw = g.brow;
    out += path(
      `M${s * 20} ${f(-18 + arch * 0.3)}Q${s * 42} ${f(-34 - arch)} ${s * 70} ${f(-22)}Q${s * 44} ${f(-34 - arch + bw)} ${s * 20} ${f(-18 + arch * 0.3 + bw)}Z`,
      browC,
    );
  }
  if (f_.includes('piercings')) out += path(circleD(-60, -36, 2.6) + circleD(-68, -24, 2.6), '#e6e9ef');
  if (f_.includes('scars')) {
    const s = rng.pick([-1, 1]);
    const d = `M${s * 30} -50L${s * 62} 40`;
    out +=
      line(d, mix(skin, '#b05060', 0.45), 3.2, 0.85) +
      line(`M${s * 40} -26l${s * 8} -4M${s * 50} 2l${s * 8} -4M${s * 57} 22l${s * 8} -4`, mix(skin, '#b05060', 0.5), 2, 0.7);
  }
  if (f_.includes('beard')) {
    const bc = a.hairColor;
    const d = `M${-g.cheekW + 2} 30C${-g.cheekW + 6} 70 ${-g.jawW - 10} ${g.jawY + 10} ${-g.chinW - 10} ${g.chinY + 16}Q0 ${g.chinY + 32} ${g.chinW + 10} ${g.chinY + 16}C${g.jawW + 10} ${g.jawY + 10} ${g.cheekW - 6} 70 ${g.cheekW - 2} 30C${g.cheekW - 14} 60 60 76 30 74C18 72 10 70 0 70C-10 70 -18 72 -30 74C-60 76 ${-g.cheekW + 14} 60 ${-g.cheekW + 2} 30ZM-26 90Q0 96 26 90Q0 102 -26 90Z`;
    out += path(
      d,
      ctx.linearU(
        [
          [0, bc],
          [1, darken(bc, 0.35)],
        ],
        0,
        40,
        0,
        150,
      ),
      0.95,
    );
    out += line(`M-30 76Q0 66 30 76`, darken(bc, 0.2), 8);
    let st = '';
    for (let i = 0; i < 22; i++) {
      const x = rng.range(-70, 70);
      st += `M${f(x)} ${f(rng.range(90, 130) - Math.abs(x) * 0.4)}l${f(x * 0.04)} 8`;
    }
    out += line(st, lighten(bc, 0.3), 1.5, 0.5);
  }
  if (f_.includes('glasses')) {
    const fr = darken(a.outfit.color, 0.5);
    const lens = `M14 0h56a6 6 0 0 1 6 6v22a16 16 0 0 1 -16 16h-36a12 12 0 0 1 -12 -12v-26a6 6 0 0 1 2 -6Z`;
    for (const s of [-1, 1]) {
      out += `<path d="${lens}" transform="translate(0 -6) scale(${s} 1)" fill="#dfe9ff" fill-opacity="0.14" stroke="${fr}" stroke-width="4"/>`;
      out += `<path d="M${s * 24} -2l${s * 12} 0l${s * -18} 24l${s * -6} 0Z" fill="#ffffff" fill-opacity="0.22"/>`;
    }
    out += line(`M-14 4Q0 -4 14 4M-76 2L-94 -2M76 2L94 -2`, fr, 4);
  }
  out += hairFront;
  return out;
}

export function drawFigure(ctx: Ctx, a: Appearance, o: FigureOpts): Figure {
  const g = geometry(a.presentation);
  // Small per-character differences in face shape, so similar appearances still read as different people.
  const jr = ctx.rng.fork('proportions');
  g.cheekW += jr.range(-4, 3);
  g.jawW += jr.range(-5, 5);
  g.jawY += jr.range(-4, 4);
  g.chinY += jr.range(-4, 5);
  g.chinW += jr.range(-3, 4);
  g.eyeH *= jr.range(0.9, 1.1);
  g.neckW += jr.range(-2, 3);
  g.shW += jr.range(-10, 12);
  const f_ = a.features;
  const rng = ctx.rng.fork('figure');
  const skin = a.skinTone;
  const sh = adjust(darken(skin, 0.22), -6, 1.15);
  const accent = a.palette[2];
  const hair = drawHair(ctx, g, a.hairStyle, a.hairColor);
  const outfit = drawOutfit(a.outfit.style, { ctx, g, color: a.outfit.color, accent, skin, light: o.light });
  const hoodC = darken(a.outfit.color, 0.15);
  let behind = '';
  let outline = '';
  let bodyOutline = '';
  let behindHead = '';

  if (f_.includes('wings') || f_.includes('feathered-wings')) {
    const feathered = f_.includes('feathered-wings');
    const wc = feathered ? mix('#f4f1ea', accent, 0.18) : darken(mix(a.outfit.color, accent, 0.35), 0.45);
    for (const s of [-1, 1]) {
      if (feathered) {
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
        behind += path(
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
        behind += path(
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
        behind += line(
          `M${s * 110} 220L${s * 420} -160M${s * 250} 70L${s * 400} 40M${s * 220} 110L${s * 340} 120M${s * 180} 170L${s * 270} 190`,
          darken(wc, 0.5),
          5,
        );
        outline += d;
      }
    }
  }
  if (f_.includes('tail')) {
    const s = o.light;
    const fluffy = !f_.includes('horns') && !f_.includes('scales');
    const tc = fluffy ? a.hairColor : darken(mix(a.outfit.color, accent, 0.4), 0.3);
    // Rises from behind one shoulder so that it shows beside the head, inside the frame.
    const x = g.shW - (fluffy ? 150 : 80);
    const d = fluffy
      ? `M${s * (x - 60)} 570C${s * (x + 120)} 490 ${s * (x + 150)} 270 ${s * (x + 70)} 130C${s * (x + 40)} 70 ${s * (x + 110)} 50 ${s * (x + 150)} 100C${s * (x + 230)} 250 ${s * (x + 150)} 520 ${s * (x - 20)} 630Z`
      : `M${s * (x - 40)} 570C${s * (x + 100)} 510 ${s * (x + 110)} 290 ${s * (x + 70)} 170L${s * (x + 85)} 166C${s * (x + 135)} 290 ${s * (x + 120)} 520 ${s * (x - 10)} 610Z M${s * (x + 77)} 170l${s * -30} -30l${s * 32} -46l${s * 24} 50Z`;
    behind += path(
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
    if (fluffy)
      behind += path(`M${s * (x + 100)} 100C${s * (x + 160)} 120 ${s * (x + 150)} 200 ${s * (x + 120)} 170Z`, lighten(tc, 0.6), 0.9);
    outline += d;
  }
  if (f_.includes('halo')) {
    const hc = lighten(vivid(accent, 0.6, 0.6), 0.4);
    behindHead += glowLine(`M-96 -190a96 26 0 1 0 192 0a96 26 0 1 0 -192 0Z`, hc, 7, '#fffbe8');
  }
  bodyOutline += outline;
  outline = '';
  const hoodD = `M-170 260C-200 60 -150 -200 0 -200C150 -200 200 60 170 260Z`;
  if (f_.includes('hood')) {
    behindHead += path(hoodD, darken(hoodC, 0.62));
    outline += hoodD;
  }
  behindHead += hair.back;
  outline += hair.outline;

  // Neck and shoulders (skin), then the outfit.
  const neckD = `M${-g.neckW} 50L${-g.neckW - 3} 200L${g.neckW + 3} 200L${g.neckW} 50Z`;
  let body = path(
    neckD,
    ctx.linearU(
      [
        [0, lighten(skin, 0.08)],
        [0.55, skin],
        [1, mix(skin, sh, 0.8)],
      ],
      o.light * g.neckW,
      0,
      -o.light * g.neckW,
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
  const torso = torsoD(g, { pad: 8 });
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
  body = outfit.back + body + outfit.front;
  // The head's soft cast shadow on the collar and shoulders.
  body += `<ellipse cx="${-o.light * 14}" cy="190" rx="${g.shW * 0.62}" ry="70" fill="${ctx.radial([
    [0, '#000000', 0.28],
    [1, '#000000', 0],
  ])}"/>`;
  bodyOutline += torso + outfit.outline + `M${-g.neckW - 3} 40L${g.neckW + 3} 40L${g.neckW + 3} 210L${-g.neckW - 3} 210Z`;

  let hairFront = hair.front;
  if (f_.includes('horns')) {
    const hc = darken(mix(accent, '#2a1a1a', 0.55), 0.2);
    let d = '';
    for (const s of [-1, 1])
      d += `M${s * 36} -110C${s * 40} -170 ${s * 90} -210 ${s * 140} -232C${s * 110} -200 ${s * 74} -160 ${s * 70} -104Z`;
    hairFront += path(
      d,
      ctx.linearU(
        [
          [0, darken(hc, 0.4)],
          [0.7, hc],
          [1, lighten(hc, 0.5)],
        ],
        0,
        -100,
        0,
        -232,
      ),
    );
    hairFront += line(`M-48 -140q-10 -8 -6 -18M-66 -170q-10 -6 -8 -14M48 -140q10 -8 6 -18M66 -170q10 -6 8 -14`, lighten(hc, 0.3), 2.5, 0.6);
    outline += d;
  }
  if (f_.includes('antennae')) {
    const c = vivid(accent, 0.8, 0.6);
    const d = `M-30 -120C-40 -180 -80 -220 -100 -240M30 -120C40 -180 80 -220 100 -240`;
    hairFront += line(d, darken(a.hairColor, 0.3), 4);
    hairFront +=
      path(circleD(-100, -240, 22) + circleD(100, -240, 22), c, 0.18) +
      path(circleD(-100, -240, 9) + circleD(100, -240, 9), c) +
      path(circleD(-103, -243, 3) + circleD(97, -243, 3), '#ffffff', 0.8);
  }
  if (f_.includes('crown')) {
    const gold = '#e9c46a';
    const d = `M-70 -118L-84 -176L-48 -146L-24 -196L0 -150L24 -196L48 -146L84 -176L70 -118Q0 -132 -70 -118Z`;
    hairFront += path(
      d,
      ctx.linearU(
        [
          [0, lighten(gold, 0.4)],
          [1, darken(gold, 0.3)],
        ],
        0,
        -200,
        0,
        -118,
      ),
      1,
      ` stroke="${darken(gold, 0.45)}" stroke-width="2"`,
    );
    hairFront += path(circleD(0, -134, 6) + circleD(-40, -130, 4) + circleD(40, -130, 4), vivid(accent, 0.8, 0.5));
    outline += d;
  }
  if (f_.includes('hood')) {
    const rim = `M-170 260C-200 60 -150 -200 0 -200C150 -200 200 60 170 260L120 260C130 120 126 -40 100 -90C80 -140 40 -150 0 -150C-40 -150 -80 -140 -100 -90C-126 -40 -130 120 -120 260Z`;
    hairFront += path(
      rim,
      ctx.linearU(
        [
          [0, lighten(hoodC, 0.15)],
          [1, darken(hoodC, 0.35)],
        ],
        o.light * -200,
        0,
        o.light * 200,
        0,
      ),
    );
    hairFront += line(
      `M-120 260C-130 120 -126 -40 -100 -90C-80 -140 -40 -150 0 -150C40 -150 80 -140 100 -90C126 -40 130 120 120 260`,
      vivid(accent, 0.5, 0.55),
      5,
      0.9,
    );
    hairFront += line(`M-150 120C-160 20 -130 -120 -40 -170M150 150C160 40 150 -80 90 -150`, darken(hoodC, 0.45), 3, 0.5);
  }
  const headSvg = head(ctx, g, a, o, hairFront, hair.fringeD);
  outline += faceD(g) + earD(-1, f_.includes('elf-ears')) + earD(1, f_.includes('elf-ears'));

  const headTransform = `rotate(${f(o.tilt)} 0 150)`;
  const svg =
    behind + `<g transform="${headTransform}">${behindHead}</g>` + body + `<g transform="${headTransform}">${headSvg}${hair.over}</g>`;
  return { svg, outlineBody: bodyOutline, outlineHead: outline, headTransform };
}
