/** Small colour helpers on CSS hex strings (#rgb or #rrggbb); everything returns #rrggbb. */

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

export function assertHex(value: string, field: string): string {
  if (typeof value !== 'string' || !HEX.test(value)) {
    throw new Error(`Appearance ${field} must be a hex colour like #a1b2c3, got ${JSON.stringify(value)}`);
  }
  return value;
}

type Rgb = [number, number, number];

export function toRgb(hex: string): Rgb {
  let h = hex.slice(1);
  if (h.length === 3) h = h.replace(/./g, (ch) => ch + ch);
  const n = parseInt(h, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const clamp = (v: number, lo = 0, hi = 255) => Math.min(hi, Math.max(lo, v));

export function toHex([r, g, b]: Rgb): string {
  return '#' + [r, g, b].map((v) => Math.round(clamp(v)).toString(16).padStart(2, '0')).join('');
}

export function mix(a: string, b: string, t: number): string {
  const x = toRgb(a);
  const y = toRgb(b);
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t]);
}

export const lighten = (c: string, t: number) => mix(c, '#ffffff', t);
export const darken = (c: string, t: number) => mix(c, '#000000', t);

/** Relative luminance 0..1 (sRGB approximation, good enough for picking contrasts). */
export function luma(c: string): number {
  const [r, g, b] = toRgb(c);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

export function toHsl(c: string): [number, number, number] {
  const [r, g, b] = toRgb(c).map((v) => v / 255) as Rgb;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  let h: number;
  if (max === r) h = (g - b) / d + (g < b ? 6 : 0);
  else if (max === g) h = (b - r) / d + 2;
  else h = (r - g) / d + 4;
  return [h * 60, s, l];
}

export function fromHsl(h: number, s: number, l: number): string {
  h = ((h % 360) + 360) % 360;
  s = clamp(s, 0, 1);
  l = clamp(l, 0, 1);
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs(((h / 60) % 2) - 1));
  const m = l - c / 2;
  const [r, g, b]: Rgb =
    h < 60 ? [c, x, 0] : h < 120 ? [x, c, 0] : h < 180 ? [0, c, x] : h < 240 ? [0, x, c] : h < 300 ? [x, 0, c] : [c, 0, x];
  return toHex([(r + m) * 255, (g + m) * 255, (b + m) * 255]);
}

/** Shift hue (degrees), scale saturation and add lightness. */
export function adjust(c: string, dh: number, ds = 1, dl = 0): string {
  const [h, s, l] = toHsl(c);
  return fromHsl(h + dh, s * ds, l + dl);
}

/** Pushes a colour to a minimum saturation/lightness so that accents glow even from a dull palette. */
export function vivid(c: string, minS = 0.55, minL = 0.55): string {
  const [h, s, l] = toHsl(c);
  return fromHsl(h, Math.max(s, minS), Math.max(l, minL));
}
