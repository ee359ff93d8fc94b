// Seed gallery pictures: distinct scenes of each seed character drawn by the project's own art generator, public,
// owned by the character's creator, some picked for the showcase and liked by the readers who like the character;
// rendered once (a second run skips what is there).
import type { ImagesPage } from '@reverie/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { seedCharacters } from '../../db/seed/catalogue/index.ts';
import { seedCharacterId } from '../characters/catalogue-seeder.ts';
import { SEED_SCENES_PER_CHARACTER } from './images-seeder.ts';

let t: TestApp;
/** What the first seeding run rendered: done before every test, so each reads the same gallery in any order. */
let firstRun: number;
const popular = seedCharacters.find((c) => c.popularity >= 0.75)!;
const quiet = seedCharacters.find((c) => c.popularity < 0.75)!;

beforeAll(async () => {
  t = await createTestApp();
  await t.modules.characters.services.seeder.run({ art: false });
  firstRun = await t.modules.images.services.seeder.run({ slugs: [popular.slug, quiet.slug] });
}, 240_000);
afterAll(() => t.close());

describe('seed gallery pictures', () => {
  it('draws distinct public scenes of each seed character, once', async () => {
    const { seeder } = t.modules.images.services;
    expect(firstRun).toBe(2 * SEED_SCENES_PER_CHARACTER);
    expect(await seeder.run({ slugs: [popular.slug, quiet.slug] })).toBe(0);

    const page = (await t.app.inject({ url: `/api/images?characterId=${seedCharacterId(popular.slug)}` })).json() as ImagesPage;
    expect(page.total).toBe(SEED_SCENES_PER_CHARACTER);
    const creator = (await t.deps.uow.repos.characters.findById(seedCharacterId(popular.slug)))!.creatorId;
    for (const item of page.items) {
      expect(item).toMatchObject({ status: 'ready', visibility: 'public', source: 'seed', nsfw: popular.nsfw, owner: { id: creator } });
      expect(item.prompt).toContain(popular.name);
      expect(item.url).toBe(`/api/images/${item.id}/full.webp`);
    }
    // Different scenes, not one picture three times.
    const files = await Promise.all(page.items.map(async (i) => (await t.app.inject({ url: i.url! })).rawPayload));
    expect(new Set(files.map((f) => f.toString('base64'))).size).toBe(SEED_SCENES_PER_CHARACTER);
    expect(await sharp(files[0]!).metadata()).toMatchObject({ format: 'webp', width: 768, height: 1152 });
    // Readers who like the character like some of its pictures.
    expect(page.items.reduce((n, i) => n + i.likes, 0)).toBeGreaterThan(0);
  }, 120_000);

  it('fills the showcase with the team’s picks of the best-loved characters', async () => {
    const showcase = (await t.app.inject({ url: '/api/images/showcase' })).json() as ImagesPage;
    expect(showcase.items[0]).toMatchObject({ showcase: true, character: { id: seedCharacterId(popular.slug) } });
    const everyone = (await t.app.inject({ url: '/api/images?limit=50' })).json() as ImagesPage;
    expect(everyone.total).toBe(2 * SEED_SCENES_PER_CHARACTER);
  });
});
