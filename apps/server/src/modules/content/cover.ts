// Guide covers drawn by the project: an SVG built from the guide's cover descriptor (motif and two hues),
// decorated with shapes placed by a random generator seeded with the slug, so the same guide always gets the
// same picture. No fonts, no external images.
import type { CoverDescriptor } from '@reverie/shared/schemas/content';

const W = 1200;
const H = 630;

function seeded(text: string): () => number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const r1 = (n: number) => Math.round(n * 10) / 10;
const hsl = (h: number, s: number, l: number, a = 1) => `hsla(${Math.round(h) % 360},${s}%,${l}%,${a})`;

function star(cx: number, cy: number, r: number): string {
  const k = r * 0.22;
  return `M${r1(cx)} ${r1(cy - r)} Q${r1(cx + k)} ${r1(cy - k)} ${r1(cx + r)} ${r1(cy)} Q${r1(cx + k)} ${r1(cy + k)} ${r1(cx)} ${r1(cy + r)} Q${r1(cx - k)} ${r1(cy + k)} ${r1(cx - r)} ${r1(cy)} Q${r1(cx - k)} ${r1(cy - k)} ${r1(cx)} ${r1(cy - r)}Z`;
}

/** The motif, drawn around (0,0) in a box of about 360×360, in white strokes and soft fills. */
function motif(kind: CoverDescriptor['motif'], accent: string): string {
  const line = (o: { stroke?: string; width?: number; opacity?: number } = {}) =>
    `fill="none" stroke="${o.stroke ?? '#fff'}" stroke-width="${o.width ?? 10}"${o.opacity === undefined ? '' : ` stroke-opacity="${o.opacity}"`} stroke-linecap="round" stroke-linejoin="round"`;
  const soft = 'fill="#fff" fill-opacity="0.14" stroke="#fff" stroke-opacity="0.85" stroke-width="8" stroke-linejoin="round"';
  switch (kind) {
    case 'sparkle':
      return `<path d="${star(0, 0, 150)}" fill="#fff" fill-opacity="0.9"/><path d="${star(130, -120, 50)}" fill="${accent}"/><path d="${star(-135, 110, 36)}" fill="#fff" fill-opacity="0.7"/>`;
    case 'quill':
      return `<path d="M120 -170 C 20 -150 -90 -40 -110 120 C -40 60 60 -20 120 -170Z" ${soft}/><path d="M-110 120 L 60 -60" ${line()}/><path d="M-150 170 C -90 150 -20 175 60 150 S 160 140 190 160" ${line({ stroke: accent })}/>`;
    case 'bubbles':
      return `<path d="M-170 -140 h210 a30 30 0 0 1 30 30 v90 a30 30 0 0 1 -30 30 h-150 l-40 40 v-40 h-20 a30 30 0 0 1 -30 -30 v-90 a30 30 0 0 1 30 -30Z" ${soft}/><path d="M-20 10 h160 a30 30 0 0 1 30 30 v80 a30 30 0 0 1 -30 30 h-10 v38 l-38 -38 h-112 a30 30 0 0 1 -30 -30 v-80 a30 30 0 0 1 30 -30Z" fill="${accent}" fill-opacity="0.55" stroke="#fff" stroke-width="8" stroke-linejoin="round"/><path d="M-120 -75 h120 M-120 -40 h80 M30 60 h100 M30 95 h60" ${line({ width: 9 })}/>`;
    case 'book':
      return `<path d="M0 -110 C -60 -150 -140 -150 -190 -130 V 130 C -140 110 -60 110 0 150 Z" ${soft}/><path d="M0 -110 C 60 -150 140 -150 190 -130 V 130 C 140 110 60 110 0 150 Z" ${soft}/><path d="M-150 -70 q60 -20 115 5 M-150 -20 q60 -20 115 5 M-150 30 q60 -20 115 5 M35 -65 q60 -25 115 -5 M35 -15 q60 -25 115 -5" ${line({ width: 7, opacity: 0.8 })}/><path d="${star(150, 60, 26)}" fill="${accent}"/>`;
    case 'waves':
      return [0, 1, 2, 3]
        .map(
          (i) =>
            `<path d="M-200 ${-90 + i * 60} C -120 ${-150 + i * 60} -60 ${-30 + i * 60} 0 ${-90 + i * 60} S 120 ${-150 + i * 60} 200 ${-90 + i * 60}" ${line({ stroke: i === 1 ? accent : undefined, opacity: 1 - i * 0.2 })}/>`,
        )
        .join('');
    case 'frame':
      return `<rect x="-190" y="-140" width="380" height="280" rx="28" ${soft}/><path d="M-150 100 L -60 -10 L 10 60 L 70 0 L 150 100Z" fill="#fff" fill-opacity="0.8"/><circle cx="80" cy="-60" r="34" fill="${accent}"/>`;
    case 'coins':
      return [2, 1, 0]
        .map(
          (i) =>
            `<g transform="translate(${-60 + i * 60} ${70 - i * 70})"><ellipse cx="0" cy="26" rx="110" ry="40" fill="#fff" fill-opacity="0.12" stroke="#fff" stroke-width="8"/><path d="M-110 0 v26 M110 0 v26" ${line({ width: 8 })}/><ellipse cx="0" cy="0" rx="110" ry="40" fill="${i === 0 ? accent : '#fff'}" fill-opacity="${i === 0 ? 0.85 : 0.2}" stroke="#fff" stroke-width="8"/></g>`,
        )
        .join('');
    case 'shield':
      return `<path d="M0 -170 L 150 -115 V 0 C 150 90 80 145 0 175 C -80 145 -150 90 -150 0 V -115 Z" ${soft}/><path d="M-65 5 L -15 55 L 75 -45" ${line({ stroke: accent, width: 16 })}/>`;
    case 'cards':
      return `<rect x="-190" y="-150" width="200" height="270" rx="24" transform="rotate(-8)" ${soft}/><rect x="-10" y="-120" width="200" height="270" rx="24" transform="rotate(8)" fill="${accent}" fill-opacity="0.5" stroke="#fff" stroke-width="8"/><path d="M-40 170 H 120 M 90 140 L 120 170 L 90 200" ${line()}/>`;
  }
}

export function renderCoverSvg(slug: string, cover: CoverDescriptor): string {
  const rand = seeded(slug);
  const { hue, accent } = cover;
  const glows = Array.from({ length: 3 }, (_, i) => {
    const cx = r1(rand() * W);
    const cy = r1(rand() * H);
    const r = r1(180 + rand() * 220);
    return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="url(#g${i % 2})"/>`;
  }).join('');
  const dots = Array.from({ length: 46 }, () => {
    const cx = r1(rand() * W);
    const cy = r1(rand() * H);
    const r = r1(1 + rand() * 2.6);
    return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#fff" fill-opacity="${r1(0.15 + rand() * 0.5)}"/>`;
  }).join('');
  const sparks = Array.from(
    { length: 5 },
    () => `<path d="${star(rand() * W * 0.55, rand() * H, 6 + rand() * 12)}" fill="#fff" fill-opacity="0.55"/>`,
  ).join('');
  const tilt = r1(-8 + rand() * 16);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img">`,
    `<title>${escapeXml(cover.alt)}</title>`,
    '<defs>',
    `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${hsl(hue, 62, 16)}"/><stop offset="0.55" stop-color="${hsl((hue + accent) / 2, 55, 22)}"/><stop offset="1" stop-color="${hsl(accent, 70, 30)}"/></linearGradient>`,
    `<radialGradient id="g0"><stop offset="0" stop-color="${hsl(hue, 90, 65, 0.45)}"/><stop offset="1" stop-color="${hsl(hue, 90, 65, 0)}"/></radialGradient>`,
    `<radialGradient id="g1"><stop offset="0" stop-color="${hsl(accent, 90, 65, 0.4)}"/><stop offset="1" stop-color="${hsl(accent, 90, 65, 0)}"/></radialGradient>`,
    `<radialGradient id="halo"><stop offset="0" stop-color="#fff" stop-opacity="0.22"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`,
    '</defs>',
    `<rect width="${W}" height="${H}" fill="url(#bg)"/>`,
    glows,
    dots,
    sparks,
    `<circle cx="840" cy="315" r="300" fill="url(#halo)"/>`,
    `<g transform="translate(840 315) rotate(${tilt}) scale(1.15)">${motif(cover.motif, hsl(accent, 95, 72))}</g>`,
    '</svg>',
  ].join('');
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
