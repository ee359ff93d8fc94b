// Draws the installed app's icons (apps/web/public/icons/) from the favicon's mark: 192 and 512 px "any" icons (the
// rounded tile as it is) and a 512 px maskable one (a full-bleed square with the letter inside the 80 % safe zone, so
// Android's circle or squircle masks never cut it). Run after changing the favicon: node scripts/make-app-icons.mjs
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/public/icons');
const gradient =
  '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fb7185"/><stop offset="1" stop-color="#8b5cf6"/></linearGradient></defs>';
const letter =
  '<path d="M22 46V18h11.5c6 0 9.5 3.2 9.5 8.3 0 3.9-2.1 6.6-5.6 7.6L44 46h-7.2l-5.8-11.4H28.4V46zm6.4-16.6h4.7c2.4 0 3.6-1.1 3.6-3.1s-1.2-3.1-3.6-3.1h-4.7z" fill="#fff"/>';
const tile = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${gradient}<rect width="64" height="64" rx="16" fill="url(#g)"/>${letter}</svg>`;
// The letter spans 22–44 × 18–46 of 64: scaled by 0.7 around the centre it stays well inside the 80 % circle.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${gradient}<rect width="64" height="64" fill="url(#g)"/><g transform="translate(9.6 9.6) scale(0.7)">${letter}</g></svg>`;

mkdirSync(out, { recursive: true });
for (const [name, svg, size] of [
  ['icon-192.png', tile, 192],
  ['icon-512.png', tile, 512],
  ['maskable-512.png', maskable, 512],
  ['apple-touch-icon.png', maskable, 180],
]) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, name));
  console.log(`${name} ${size}×${size}`);
}
