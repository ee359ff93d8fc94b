// The head: ears, skin, face marks, mouth, eyes, brows and what grows or sits on the face (beard, glasses).
import type { Appearance } from '../catalogue/types.ts';
import { adjust, darken, lighten, luma, mix, vivid } from './color.ts';
import type { FigureOpts } from './figure.ts';
import { line, path } from './figure-paint.ts';
import { faceD, type Geo } from './geometry.ts';
import type { Rng } from './rng.ts';
import { circleD, type Ctx, f, glowLine } from './svg.ts';

/** What every part of the face draws with: the drawing, the face's own random stream, and the skin's shadow tone. */
interface Face {
  ctx: Ctx;
  rng: Rng;
  g: Geo;
  a: Appearance;
  o: FigureOpts;
  skin: string;
  /** Skin in shadow. */
  sh: string;
}

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

export const earD = (s: number, elf: boolean) =>
  elf
    ? `M${s * 88} -4C${s * 120} -20 ${s * 150} -58 ${s * 176} -86C${s * 160} -30 ${s * 128} 40 ${s * 94} 54Z`
    : `M${s * 90} 0C${s * 110} -8 ${s * 114} 30 ${s * 100} 52C${s * 96} 58 ${s * 90} 56 ${s * 88} 50Z`;

function ears({ a, skin, sh }: Face): string {
  const f_ = a.features;
  let out = '';
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
  return out;
}

/** Light and shade on the face: the lit skin, the form shadow, the fringe's shadow and the cheek blush. */
function faceShading({ ctx, a, o, skin, sh }: Face, fringeD: string): { fill: string; shadows: string } {
  const hi = lighten(skin, 0.18);
  const fill = ctx.radial(
    [
      [0, hi],
      [0.55, skin],
      [1, mix(skin, sh, 0.6)],
    ],
    o.light < 0 ? 0.38 : 0.62,
    0.35,
    0.7,
  );
  // Form shadow on the side away from the key light, and under the hair.
  let out = `<ellipse cx="${-o.light * 130}" cy="20" rx="120" ry="200" fill="${ctx.radial([
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
  return { fill, shadows: out };
}

/** Marks on the skin of the face: freckles, scales, a tattoo, circuitry. */
function skinMarks({ rng, a, skin }: Face): string {
  const f_ = a.features;
  let out = '';
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
  return out;
}

/** Nose and mouth hints, with fangs when the character has them. */
function noseAndMouth({ rng, g, a, o, skin, sh }: Face): string {
  let out = line(`M${o.light * -3} 38Q${o.light * -9} 54 ${o.light * -1} 58`, sh, 2.6, 0.8);
  out += `<ellipse cx="${o.light * 3}" cy="40" rx="3" ry="9" fill="#ffffff" fill-opacity="0.18"/>`;
  const smile = rng.range(1, 6);
  const mw = a.presentation === 'masculine' ? 17 : 14;
  const lip = mix(mix(skin, '#c2415a', 0.55), sh, 0.15);
  if (g.lip > 0.2) out += path(`M${-mw + 3} 84Q0 ${f(86 + smile + 7)} ${mw - 3} 84Q0 ${f(86 + smile)} ${-mw + 3} 84Z`, lip, g.lip + 0.2);
  out += line(`M${-mw} 83Q0 ${f(84 + smile)} ${mw} 83`, darken(lip, luma(skin) < 0.35 ? 0.55 : 0.35), 2.6);
  out += line(`M-6 ${f(95 + smile * 0.4)}Q0 ${f(97 + smile * 0.4)} 6 ${f(95 + smile * 0.4)}`, sh, 2, 0.5);
  if (a.features.includes('fangs')) out += path(`M${-mw + 5} 84l3 9l3 -8.6ZM${mw - 11} 84.6l3 8.6l3 -9Z`, '#ffffff');
  return out;
}

/** Brows, and the brow piercings. */
function brows({ rng, g, a }: Face): string {
  const browC = darken(a.hairColor, 0.35);
  const arch = rng.range(-4, 6);
  let out = '';
  for (const s of [-1, 1]) {
    const bw = g.brow;
    out += path(
      `M${s * 20} ${f(-18 + arch * 0.3)}Q${s * 42} ${f(-34 - arch)} ${s * 70} ${f(-22)}Q${s * 44} ${f(-34 - arch + bw)} ${s * 20} ${f(-18 + arch * 0.3 + bw)}Z`,
      browC,
    );
  }
  if (a.features.includes('piercings')) out += path(circleD(-60, -36, 2.6) + circleD(-68, -24, 2.6), '#e6e9ef');
  return out;
}

function scar({ rng, skin }: Face): string {
  const s = rng.pick([-1, 1]);
  const d = `M${s * 30} -50L${s * 62} 40`;
  return (
    line(d, mix(skin, '#b05060', 0.45), 3.2, 0.85) +
    line(`M${s * 40} -26l${s * 8} -4M${s * 50} 2l${s * 8} -4M${s * 57} 22l${s * 8} -4`, mix(skin, '#b05060', 0.5), 2, 0.7)
  );
}

function beard({ ctx, rng, g, a }: Face): string {
  const bc = a.hairColor;
  const d = `M${-g.cheekW + 2} 30C${-g.cheekW + 6} 70 ${-g.jawW - 10} ${g.jawY + 10} ${-g.chinW - 10} ${g.chinY + 16}Q0 ${g.chinY + 32} ${g.chinW + 10} ${g.chinY + 16}C${g.jawW + 10} ${g.jawY + 10} ${g.cheekW - 6} 70 ${g.cheekW - 2} 30C${g.cheekW - 14} 60 60 76 30 74C18 72 10 70 0 70C-10 70 -18 72 -30 74C-60 76 ${-g.cheekW + 14} 60 ${-g.cheekW + 2} 30ZM-26 90Q0 96 26 90Q0 102 -26 90Z`;
  let out = path(
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
  return out;
}

function glasses({ a }: Face): string {
  const fr = darken(a.outfit.color, 0.5);
  const lens = `M14 0h56a6 6 0 0 1 6 6v22a16 16 0 0 1 -16 16h-36a12 12 0 0 1 -12 -12v-26a6 6 0 0 1 2 -6Z`;
  let out = '';
  for (const s of [-1, 1]) {
    out += `<path d="${lens}" transform="translate(0 -6) scale(${s} 1)" fill="#dfe9ff" fill-opacity="0.14" stroke="${fr}" stroke-width="4"/>`;
    out += `<path d="M${s * 24} -2l${s * 12} 0l${s * -18} 24l${s * -6} 0Z" fill="#ffffff" fill-opacity="0.22"/>`;
  }
  out += line(`M-14 4Q0 -4 14 4M-76 2L-94 -2M76 2L94 -2`, fr, 4);
  return out;
}

/** The whole head, in head-centred coordinates; `hairFront` (fringe, horns, crown, hood) goes over the face. */
export function head(ctx: Ctx, g: Geo, a: Appearance, o: FigureOpts, hairFront: string, fringeD: string): string {
  const rng = ctx.rng.fork('face');
  const skin = a.skinTone;
  const sh = adjust(darken(skin, 0.22), -6, 1.15);
  const face = faceD(g);
  const faceClip = ctx.clip(`<path d="${face}"/>`);
  const f_ = a.features;
  const lashC = mix(darken(a.hairColor, 0.7), '#1a0f14', 0.5);
  const k: Face = { ctx, rng, g, a, o, skin, sh };
  let out = ears(k);
  const shading = faceShading(k, fringeD);
  out += path(face, shading.fill);
  out += `<g clip-path="${faceClip}">${shading.shadows}${skinMarks(k)}</g>`;
  out += noseAndMouth(k);
  out += eyes(ctx, g, a, o, lashC, sh);
  out += brows(k);
  if (f_.includes('scars')) out += scar(k);
  if (f_.includes('beard')) out += beard(k);
  if (f_.includes('glasses')) out += glasses(k);
  out += hairFront;
  return out;
}
