import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { seedCharacters, seedCreators } from '../catalogue/index.ts';
import type { Appearance } from '../catalogue/types.ts';
import {
  avatarSvg,
  BACKDROPS,
  bannerSvg,
  FEATURES,
  HAIR_STYLES,
  OUTFITS,
  portraitSvg,
  renderAvatar,
  renderBanner,
  renderPortrait,
  renderScene,
  SCENE_VARIANTS,
  sceneSvg,
} from './index.ts';

const base: Appearance = {
  presentation: 'feminine',
  skinTone: '#f1d9d0',
  hairColor: '#1b1420',
  eyeColor: '#c0182f',
  hairStyle: 'long',
  features: ['fangs'],
  outfit: { color: '#4a0f1f', style: 'gown' },
  backdrop: 'castle',
  palette: ['#120a24', '#4b1640', '#e0405a'],
};

const other: Appearance = {
  presentation: 'masculine',
  skinTone: '#8d5a3c',
  hairColor: '#e6e6ea',
  eyeColor: '#3b6ea5',
  hairStyle: 'short',
  features: ['beard', 'scars'],
  outfit: { color: '#3c4a66', style: 'armor' },
  backdrop: 'ruins',
  palette: ['#324a6e', '#d9b27a', '#f2c14e'],
};

async function pixelStats(buf: Buffer) {
  const { data, info } = await sharp(buf).resize(48, 72, { fit: 'fill' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, info };
}

/** Mean absolute difference per channel (0–255) between two images scaled to the same small size. */
async function difference(a: Buffer, b: Buffer): Promise<number> {
  const x = await pixelStats(a);
  const y = await pixelStats(b);
  let sum = 0;
  for (let i = 0; i < x.data.length; i++) sum += Math.abs(x.data[i]! - y.data[i]!);
  return sum / x.data.length;
}

describe('seed art', () => {
  it('renders a 768×1152 WebP portrait, byte-identical for the same input', async () => {
    const a = await renderPortrait(base, 'lilith');
    const b = await renderPortrait(structuredClone(base), 'lilith');
    expect(a.equals(b)).toBe(true);
    const meta = await sharp(a).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([768, 1152]);
    expect(a.subarray(0, 4).toString('ascii')).toBe('RIFF');
    expect(a.subarray(8, 12).toString('ascii')).toBe('WEBP');
  });

  it('honours a requested portrait size', async () => {
    const meta = await sharp(await renderPortrait(base, 'lilith', { width: 384 })).metadata();
    expect([meta.width, meta.height]).toEqual([384, 576]);
    await expect(renderPortrait(base, 'lilith', { width: 99999 })).rejects.toThrow(/width must be an integer/);
  });

  it('renders a square avatar, a wide banner and 2:3 scenes', async () => {
    const avatar = await sharp(await renderAvatar(base, 'lilith')).metadata();
    expect([avatar.format, avatar.width, avatar.height]).toEqual(['webp', 512, 512]);
    const banner = await sharp(await renderBanner(base, 'lilith')).metadata();
    expect([banner.format, banner.width, banner.height]).toEqual(['webp', 1500, 500]);
    const scene = await sharp(await renderScene(base, 'lilith', 2)).metadata();
    expect([scene.format, scene.width, scene.height]).toEqual(['webp', 768, 1152]);
  });

  it('gives different characters visibly different portraits', async () => {
    const a = await renderPortrait(base, 'lilith');
    const sameLookOtherSeed = await renderPortrait(base, 'morgana');
    const otherLook = await renderPortrait(other, 'lilith');
    expect(sameLookOtherSeed.equals(a)).toBe(false);
    // Same appearance, another seed: pose, hair locks and scenery details move.
    expect(await difference(a, sameLookOtherSeed)).toBeGreaterThan(3);
    // Another appearance: another picture altogether.
    expect(await difference(a, otherLook)).toBeGreaterThan(25);
  });

  it('draws each gallery variant as a distinct picture of the same character', async () => {
    const scenes = await Promise.all(SCENE_VARIANTS.map((_, i) => renderScene(base, 'lilith', i)));
    for (let i = 0; i < scenes.length; i++)
      for (let j = i + 1; j < scenes.length; j++) expect(await difference(scenes[i]!, scenes[j]!)).toBeGreaterThan(8);
    // Later variants keep producing pictures that differ from the first four.
    const fifth = await renderScene(base, 'lilith', SCENE_VARIANTS.length);
    expect(await difference(fifth, scenes[0]!)).toBeGreaterThan(3);
    expect(() => sceneSvg(base, 'lilith', -1)).toThrow(/non-negative integer/);
  });

  it('keeps SVG self-contained: no external references, no text', () => {
    for (const svg of [portraitSvg(base, 's'), avatarSvg(other, 's'), bannerSvg(base, 's'), sceneSvg(other, 's', 3)]) {
      expect(svg).not.toMatch(/href="(?:https?:|\/\/|data:)/i);
      expect(svg).not.toMatch(/url\((?!#)/);
      expect(svg).not.toMatch(/<(?:text|image|foreignObject|script)\b/i);
    }
  });

  it('draws every backdrop, hair style, outfit and feature without throwing', () => {
    const svgs: string[] = [];
    for (const backdrop of BACKDROPS) svgs.push(portraitSvg({ ...base, backdrop }, backdrop), bannerSvg({ ...base, backdrop }, backdrop));
    for (const hairStyle of HAIR_STYLES) svgs.push(portraitSvg({ ...base, hairStyle }, hairStyle));
    for (const style of OUTFITS) svgs.push(portraitSvg({ ...base, outfit: { color: '#335577', style } }, style));
    for (const feature of FEATURES) svgs.push(portraitSvg({ ...other, features: [feature] }, feature));
    svgs.push(portraitSvg({ ...base, features: [...FEATURES] }, 'everything'));
    for (const presentation of ['feminine', 'masculine', 'androgynous'] as const)
      svgs.push(portraitSvg({ ...base, presentation }, presentation));
    for (const svg of svgs) {
      expect(svg.startsWith('<svg')).toBe(true);
      expect(svg).not.toContain('NaN');
      expect(svg).not.toContain('undefined');
    }
  });

  it('rasterises every backdrop and the all-features figure', async () => {
    for (const backdrop of BACKDROPS) {
      const meta = await sharp(await renderPortrait({ ...base, backdrop, features: [...FEATURES] }, backdrop, { width: 192 })).metadata();
      expect(meta.width).toBe(192);
    }
  });

  it('draws every seed character and creator of the catalogue, each one distinct', () => {
    const seen = new Set<string>();
    for (const c of seedCharacters) seen.add(portraitSvg(c.appearance, c.slug));
    for (const c of seedCreators) {
      seen.add(avatarSvg(c.appearance, c.username));
      seen.add(bannerSvg(c.appearance, c.username));
    }
    expect(seen.size).toBe(seedCharacters.length + seedCreators.length * 2);
  });

  it('refuses malformed appearances with a clear message', () => {
    expect(() => portraitSvg({ ...base, skinTone: 'red"/><script>' }, 's')).toThrow(/skinTone must be a hex colour/);
    expect(() => portraitSvg({ ...base, backdrop: 'moon' as Appearance['backdrop'] }, 's')).toThrow(/Unknown backdrop "moon"/);
    expect(() => portraitSvg({ ...base, features: ['wings', 'laser' as Appearance['features'][number]] }, 's')).toThrow(
      /Unknown feature "laser"/,
    );
    expect(() => portraitSvg(base, '')).toThrow(/seed/);
  });

  it('renders each picture quickly', async () => {
    await renderPortrait(other, 'warm-up');
    // CPU time rather than wall time: stable on a machine shared with other work.
    const cpu = process.cpuUsage();
    const n = 4;
    for (let i = 0; i < n; i++) await renderPortrait(i % 2 ? base : other, `speed-${i}`);
    const used = process.cpuUsage(cpu);
    expect((used.user + used.system) / 1000 / n).toBeLessThan(450);
  });
});
