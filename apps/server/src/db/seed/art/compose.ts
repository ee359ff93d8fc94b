import type { Appearance } from '../catalogue/types.ts';
import { BACKDROPS, drawBackdrop, type Mood, moodPalette, type Palette } from './backdrops.ts';
import { adjust, assertHex, darken, lighten, mix, vivid } from './color.ts';
import { drawFigure, FEATURES, type Figure } from './figure.ts';
import { HAIR_STYLES } from './hair.ts';
import { OUTFITS } from './outfit.ts';
import { createRng } from './rng.ts';
import { circleD, Ctx, f, smoothOpen, svgDoc } from './svg.ts';

export const PORTRAIT = { width: 768, height: 1152 } as const;
export const AVATAR = { width: 512, height: 512 } as const;
export const BANNER = { width: 1500, height: 500 } as const;
/** Distinct gallery framings; `renderScene` takes any integer and cycles through them. */
export const SCENE_VARIANTS = ['close-up', 'time-of-day', 'silhouette', 'dramatic'] as const;

const PRESENTATIONS = ['feminine', 'masculine', 'androgynous'] as const;

/** Checks an appearance before it reaches SVG text: colours must be hex, enums must be known. */
export function validateAppearance(a: Appearance): Appearance {
  if (!a || typeof a !== 'object') throw new Error('Appearance is required');
  if (!PRESENTATIONS.includes(a.presentation)) throw new Error(`Unknown presentation "${String(a.presentation)}"`);
  if (!HAIR_STYLES.includes(a.hairStyle)) throw new Error(`Unknown hairStyle "${String(a.hairStyle)}"`);
  if (!BACKDROPS.includes(a.backdrop)) throw new Error(`Unknown backdrop "${String(a.backdrop)}"`);
  if (!a.outfit || !OUTFITS.includes(a.outfit.style)) throw new Error(`Unknown outfit style "${String(a.outfit?.style)}"`);
  if (!Array.isArray(a.features)) throw new Error('Appearance features must be a list');
  for (const x of a.features) if (!FEATURES.includes(x)) throw new Error(`Unknown feature "${String(x)}"`);
  if (!Array.isArray(a.palette) || a.palette.length !== 3) throw new Error('Appearance palette must have three colours');
  assertHex(a.skinTone, 'skinTone');
  assertHex(a.hairColor, 'hairColor');
  assertHex(a.eyeColor, 'eyeColor');
  assertHex(a.outfit.color, 'outfit.color');
  a.palette.forEach((c, i) => assertHex(c, `palette[${i}]`));
  return a;
}

interface Layout {
  /** Where the head centre lands in the 768×1152 design, and how big the figure is. */
  x: number;
  y: number;
  scale: number;
  rotate?: number;
  mood?: Mood;
  /** Out-of-focus backdrop (close-ups). */
  soften?: boolean;
  silhouette?: boolean;
  dramatic?: boolean;
}

/** Shallow depth of field without a blur filter (slow to rasterise): a haze over the scene and large bokeh discs. */
function softFocus(ctx: Ctx, p: Palette, W: number, H: number): string {
  let out = `<rect width="${W}" height="${H}" fill="${ctx.linear([
    [0, mix(p[0], p[1], 0.3), 0.55],
    [1, mix(p[1], p[0], 0.3), 0.6],
  ])}"/>`;
  const br = ctx.rng.fork('bokeh');
  const disc = [lighten(p[2], 0.4), lighten(p[1], 0.3), '#ffffff'].map((c) =>
    ctx.radial([
      [0, c, 0.32],
      [0.75, c, 0.22],
      [0.9, c, 0.3],
      [1, c, 0],
    ]),
  );
  for (let i = 0; i < 16; i++)
    out += `<circle cx="${f(br.range(0, W))}" cy="${f(br.range(0, H * 0.8))}" r="${f(br.range(24, 80))}" fill="${br.pick(disc)}"/>`;
  return out;
}

/** A soft halo of backdrop light behind the figure separates it from busy scenes. */
function halo(ctx: Ctx, p: Palette, L: Layout): string {
  const haloR = L.silhouette ? 520 : 420;
  return `<circle cx="${f(L.x)}" cy="${f(L.y + 40 * L.scale)}" r="${haloR}" fill="${ctx.radialU(
    [
      [0, lighten(p[2], L.silhouette ? 0.6 : 0.3), L.silhouette ? 0.95 : 0.35],
      [0.4, p[2], L.silhouette ? 0.45 : 0.12],
      [1, p[2], 0],
    ],
    L.x,
    L.y + 40 * L.scale,
    haloR,
  )}"/>`;
}

/** The figure's silhouette as a mask (`bodyMask`), and its rim light on the side away from the key light (`rim`). */
function silhouetteAndRim(ctx: Ctx, fig: Figure, p: Palette, light: number, L: Layout): { bodyMask: string; rim: string } {
  const rimC = lighten(vivid(p[2], 0.6, 0.6), 0.25);
  const rimSide = -light;
  // One element per subpath: their union is the silhouette whatever each subpath's winding.
  // A mask rather than a clipPath: librsvg merges clip children into one path, where opposite windings cancel.
  const union = (d: string, extra = '') =>
    d
      .split(/(?=M)/)
      .filter((x) => x.length > 1)
      .map((x) => `<path d="${x}"${extra}/>`)
      .join('');
  const shapes = union(fig.outlineBody) + union(fig.outlineHead, ` transform="${fig.headTransform}"`);
  const bodyMask = ctx.id('m');
  ctx.def(
    `<mask id="${bodyMask}" maskUnits="userSpaceOnUse" x="-700" y="-600" width="1400" height="1700"><g fill="#ffffff">${shapes}</g></mask>`,
  );
  const rimStroke = ctx.linearU(
    [
      [0, rimC, 0],
      [0.55, rimC, 0.15],
      [1, rimC, 1],
    ],
    -rimSide * 200,
    -300,
    rimSide * 240,
    -100,
  );
  // Rim light: the part of the silhouette not covered by itself shifted away from the rim side.
  const rimW = L.silhouette ? 12 : 6;
  const maskId = ctx.id('m');
  ctx.def(
    `<mask id="${maskId}" maskUnits="userSpaceOnUse" x="-700" y="-600" width="1400" height="1700"><g fill="#ffffff">${shapes}</g><g fill="#000000" transform="translate(${-rimSide * rimW} ${rimW * 0.5})">${shapes}</g></mask>`,
  );
  const rim = `<rect x="-600" y="-500" width="1200" height="1500" fill="${rimStroke}" mask="url(#${maskId})"/>`;
  return { bodyMask, rim };
}

/** The figure with its shading inside the silhouette: form shade, the silhouette's darkness, dramatic colour, rim. */
function litFigure(ctx: Ctx, fig: Figure, p: Palette, light: number, L: Layout): string {
  const { bodyMask, rim } = silhouetteAndRim(ctx, fig, p, light, L);
  const shade = ctx.linearU(
    [
      [0, '#fff4e0', 0.1],
      [0.5, '#fff4e0', 0],
      [1, darken(p[0], 0.3), 0.35],
    ],
    light * 260,
    -200,
    -light * 260,
    300,
  );
  let figure = fig.svg;
  figure += `<g mask="url(#${bodyMask})"><rect x="-600" y="-500" width="1200" height="1500" fill="${shade}"/>`;
  if (L.silhouette) figure += `<rect x="-600" y="-500" width="1200" height="1500" fill="${darken(p[0], 0.75)}" fill-opacity="0.9"/>`;
  if (L.dramatic) {
    const c2 = vivid(adjust(p[2], 160), 0.7, 0.55);
    figure += `<rect x="-600" y="-500" width="1200" height="1500" fill="${ctx.linearU(
      [
        [0, c2, 0.5],
        [0.45, c2, 0],
        [0.55, p[2], 0],
        [1, vivid(p[2], 0.7, 0.55), 0.45],
      ],
      light * 260,
      0,
      -light * 260,
      0,
    )}"/>`;
  }
  figure += `${rim}</g>`;
  return figure;
}

/** Dramatic scenes: a key light and light streaks behind the figure (`light`), sparks in front of it (`sparks`). */
function dramaticLight(ctx: Ctx, p: Palette, light: number, W: number, H: number): { light: string; sparks: string } {
  // A hard coloured key light raking across the scene from one side.
  let out = `<rect width="${W}" height="${H}" fill="${ctx.linear(
    [
      [0, vivid(p[2], 0.8, 0.6), 0.45],
      [0.5, p[2], 0.05],
      [1, vivid(adjust(p[2], 160), 0.7, 0.5), 0.35],
    ],
    light < 0 ? 0 : 1,
    0.2,
    light < 0 ? 1 : 0,
    0.8,
  )}"/>`;
  // Diagonal light streaks and sparks.
  let d = '';
  const r2 = ctx.rng.fork('streaks');
  for (let i = 0; i < 9; i++) {
    const x = r2.range(-200, W);
    const y = r2.range(0, H);
    const len = r2.range(200, 500);
    const w = r2.range(2, 7);
    d += `M${f(x)} ${f(y)}l${f(len)} ${f(-len * 0.45)}l${f(w)} ${f(w * 2)}l${f(-len)} ${f(len * 0.45)}Z`;
  }
  out += `<path d="${d}" fill="${lighten(p[2], 0.5)}" fill-opacity="0.3"/>`;
  let sparks = '';
  for (let i = 0; i < 40; i++) sparks += circleD(r2.range(0, W), r2.range(0, H), r2.range(1.5, 4));
  return { light: out, sparks: `<path d="${sparks}" fill="${lighten(p[2], 0.7)}" fill-opacity="0.8"/>` };
}

/** Grounding fade at the bottom edge and a vignette. */
function groundAndVignette(ctx: Ctx, p: Palette, W: number, H: number): string {
  let out = `<rect x="0" y="${f(H * 0.72)}" width="${W}" height="${f(H * 0.28 + 2)}" fill="${ctx.linear([
    [0, darken(p[0], 0.6), 0],
    [1, darken(p[0], 0.6), 0.55],
  ])}"/>`;
  out += `<rect width="${W}" height="${H}" fill="${ctx.radial(
    [
      [0, '#000000', 0],
      [0.62, '#000000', 0],
      [1, mix(darken(p[0], 0.8), '#000000', 0.5), 0.55],
    ],
    0.5,
    0.45,
    0.75,
  )}"/>`;
  return out;
}

/** The portrait picture's body (no <svg> wrapper), shared by portraits, avatars and scenes. */
function composePortrait(ctx: Ctx, a: Appearance, L: Layout): string {
  const rng = ctx.rng.fork('pose');
  const W = PORTRAIT.width;
  const H = PORTRAIT.height;
  const mood = L.mood ?? 'base';
  const p: Palette = moodPalette(a.palette, mood);
  const light = rng.chance(0.5) ? -1 : 1;
  const fig = drawFigure(ctx, a, { light, tilt: rng.range(-6, 6), gaze: rng.range(-1, 1) });

  let out = drawBackdrop(ctx, a.backdrop, a.palette, W, H, mood);
  if (L.soften) out += softFocus(ctx, p, W, H);
  out += halo(ctx, p, L);
  const figure = litFigure(ctx, fig, p, light, L);
  let sparksSvg = '';
  if (L.dramatic) {
    const dramatic = dramaticLight(ctx, p, light, W, H);
    out += dramatic.light;
    sparksSvg = dramatic.sparks;
  }
  out += `<g transform="translate(${f(L.x)} ${f(L.y)}) rotate(${f(L.rotate ?? 0)}) scale(${f(L.scale)})">${figure}</g>`;
  out += sparksSvg;
  out += groundAndVignette(ctx, p, W, H);
  return out;
}

function ctxFor(a: Appearance, seed: string, kind: string): Ctx {
  validateAppearance(a);
  if (typeof seed !== 'string' || seed.length === 0) throw new Error('A non-empty seed string is required');
  // Layers draw from forks keyed by name, so the same character looks the same in every framing.
  return new Ctx(createRng(seed), kind.slice(0, 1));
}

function portraitLayout(seed: string): Layout {
  const r = createRng(`${seed}/layout`);
  return { x: 384 + r.range(-20, 20), y: 530, scale: 1.48 };
}

export function portraitSvg(a: Appearance, seed: string, opts: { width?: number; height?: number } = {}): string {
  const ctx = ctxFor(a, seed, 'portrait');
  const body = composePortrait(ctx, a, portraitLayout(seed));
  return svgDoc(ctx, PORTRAIT.width, PORTRAIT.height, opts.width ?? PORTRAIT.width, opts.height ?? PORTRAIT.height, body);
}

/** Head and shoulders, square, with the face centred (works under a circular mask). */
export function avatarSvg(a: Appearance, seed: string): string {
  const ctx = ctxFor(a, seed, 'avatar');
  const L = portraitLayout(seed);
  const body = composePortrait(ctx, a, L);
  const size = 700;
  const x = L.x - size / 2;
  const y = L.y - 10 - size / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${AVATAR.width}" height="${AVATAR.height}" viewBox="${f(x)} ${f(y)} ${size} ${size}">${ctx.defsXml()}${body}</svg>`;
}

/** Wide abstract banner from the backdrop and palette (creator pages). */
export function bannerSvg(a: Appearance, seed: string): string {
  const ctx = ctxFor(a, seed, 'banner');
  const { width: W, height: H } = BANNER;
  const p = a.palette;
  const r = ctx.rng.fork('banner');
  let out = drawBackdrop(ctx, a.backdrop, p, W, H, 'base');
  // Abstract overlay: translucent colour bands, rings and a dot lattice.
  out += `<rect width="${W}" height="${H}" fill="${ctx.linear(
    [
      [0, darken(p[0], 0.5), 0.55],
      [0.5, p[0], 0.1],
      [1, p[1], 0.35],
    ],
    0,
    0,
    1,
    0,
  )}"/>`;
  for (let i = 0; i < 4; i++) {
    const x = r.range(0, W);
    const w = r.range(120, 320);
    const c = i % 2 ? p[2] : lighten(p[1], 0.3);
    out += `<path d="M${f(x)} -20l${f(w)} 0l${f(-H * 0.6)} ${H + 40}l${f(-w)} 0Z" fill="${ctx.linear(
      [
        [0, c, 0.28],
        [1, c, 0],
      ],
      0,
      0,
      0,
      1,
    )}"/>`;
  }
  // Flowing ribbons of light across the width.
  for (let i = 0; i < 3; i++) {
    const pts: Array<[number, number]> = [];
    const y0 = H * r.range(0.3, 0.75);
    const amp = r.range(30, 90);
    const ph = r.range(0, 6);
    for (let k = 0; k <= 6; k++) pts.push([(k / 6) * (W + 200) - 100, y0 + Math.sin(k * 1.1 + ph) * amp]);
    const c = i === 1 ? lighten(p[1], 0.4) : lighten(p[2], 0.3);
    const stroke = ctx.linear(
      [
        [0, c, 0],
        [0.5, c, 0.7],
        [1, c, 0],
      ],
      0,
      0,
      1,
      0,
    );
    const d = smoothOpen(pts);
    out += `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="${f(r.range(10, 26))}" stroke-opacity="0.35" stroke-linecap="round"/>`;
    out += `<path d="${d}" fill="none" stroke="${stroke}" stroke-width="2" stroke-linecap="round"/>`;
  }
  let dots = '';
  const ox = r.range(0.55, 0.8) * W;
  for (let gx = 0; gx < 10; gx++) for (let gy = 0; gy < 6; gy++) dots += circleD(ox + gx * 26, 60 + gy * 26, 2.5);
  out += `<path d="${dots}" fill="${lighten(p[2], 0.6)}" fill-opacity="0.45"/>`;
  out += `<rect y="${f(H * 0.55)}" width="${W}" height="${f(H * 0.45 + 2)}" fill="${ctx.linear([
    [0, '#000000', 0],
    [1, darken(p[0], 0.7), 0.6],
  ])}"/>`;
  return svgDoc(ctx, W, H, W, H, out);
}

/** Gallery pictures of the same character: framing and mood cycle with `variant`. */
export function sceneSvg(a: Appearance, seed: string, variant: number): string {
  if (!Number.isInteger(variant) || variant < 0) throw new Error('Scene variant must be a non-negative integer');
  const ctx = ctxFor(a, seed, 'scene');
  const kind = SCENE_VARIANTS[variant % SCENE_VARIANTS.length]!;
  const r = createRng(`${seed}/scene/${variant}`);
  const moods: Mood[] = ['day', 'dusk', 'night'];
  let L: Layout;
  switch (kind) {
    case 'close-up':
      L = { x: 384 + r.range(-30, 30), y: 560, scale: 2.05, soften: true };
      break;
    case 'time-of-day':
      L = { x: 384 + r.pick([-1, 1]) * r.range(90, 130), y: 600, scale: 0.92, mood: moods[(variant >> 2) % 3] ?? 'dusk' };
      break;
    case 'silhouette':
      L = { x: 384 + r.range(-40, 40), y: 560, scale: 1.08, mood: 'dusk', silhouette: true };
      break;
    default:
      L = { x: 384 + r.range(-40, 40), y: 540, scale: 1.5, rotate: r.pick([-1, 1]) * r.range(4, 8), mood: 'night', dramatic: true };
  }
  if (variant >= SCENE_VARIANTS.length && kind !== 'time-of-day') L.mood = moods[variant % 3];
  const body = composePortrait(ctx, a, L);
  return svgDoc(ctx, PORTRAIT.width, PORTRAIT.height, PORTRAIT.width, PORTRAIT.height, body);
}
