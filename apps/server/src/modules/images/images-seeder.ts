// Seed gallery pictures: each seed character gets a few scenes of its own (close-up, a time of day, a silhouette, a
// dramatic one), drawn by the project's art generator from the appearance its portrait uses — no outside assets.
// They belong to the character's creator, are public, and some are picked for the showcase; readers who like a
// character like some of its pictures. Rendered in the background at first start; ids derive from slugs, so a later
// start renders only what is missing.
import type { FastifyBaseLogger } from 'fastify';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { renderScene } from '../../db/seed/art/index.ts';
import { createRng } from '../../db/seed/art/rng.ts';
import { seedCharacters, type SeedCharacter } from '../../db/seed/catalogue/index.ts';
import { seedId } from '../../db/seed/ids.ts';
import { normalizeImage } from '../../providers/images/index.ts';
import type { MediaStorage } from '../../providers/storage/index.ts';
import type { CharactersRepo } from '../characters/characters.repo.ts';
import { storeImageFiles } from './image-files.ts';
import type { ImagesRepo, NewImage } from './images.repo.ts';
import { placeOf } from './prompt.ts';

export const SEED_SCENES_PER_CHARACTER = 3;
const DAY = 86_400_000;

const CAPTIONS = [
  (c: SeedCharacter) => `${c.name}, close-up portrait, soft light`,
  (c: SeedCharacter, place: string) => `${c.name} ${place}`,
  (c: SeedCharacter) => `${c.name} in silhouette at dusk`,
  (c: SeedCharacter) => `${c.name}, dramatic night lighting`,
];

export const seedImageId = (slug: string, variant: number) => seedId('image', `${slug}/${variant}`);

export class ImagesSeeder {
  constructor(
    private readonly uow: UnitOfWork<{ images: ImagesRepo; characters: CharactersRepo }>,
    private readonly storage: MediaStorage,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
  ) {}

  /** Renders the missing scenes of the seeded characters (`slugs` narrows it: tests); returns how many were made. */
  async run(opts: { slugs?: string[]; now?: Date } = {}): Promise<number> {
    const started = Date.now();
    const now = opts.now ?? new Date();
    const seeded = new Map((await this.uow.repos.characters.seeded()).map((r) => [r.seedSlug, r.id]));
    const chars = seedCharacters.filter((c) => seeded.has(c.slug) && (!opts.slugs || opts.slugs.includes(c.slug)));
    const wanted = chars.flatMap((c) =>
      Array.from({ length: SEED_SCENES_PER_CHARACTER }, (_, v) => ({ c, v, id: seedImageId(c.slug, v) })),
    );
    const present = await this.uow.repos.images.existingIds(wanted.map((w) => w.id));
    let made = 0;
    for (const c of chars) {
      const todo = wanted.filter((w) => w.c === c && !present.has(w.id));
      if (todo.length === 0) continue;
      const characterId = seeded.get(c.slug)!;
      const character = await this.uow.repos.characters.findById(characterId);
      if (!character) continue;
      const rows: NewImage[] = [];
      for (const { v, id } of todo) {
        const picture = await normalizeImage(await renderScene(c.appearance, c.slug, v), 'algorithmicMedia');
        const files = await storeImageFiles(this.storage, character.creatorId, id, picture);
        rows.push({
          id,
          ownerId: character.creatorId,
          characterId,
          source: 'seed',
          status: 'ready',
          prompt: CAPTIONS[v % CAPTIONS.length]!(c, placeOf(character) ?? 'at home'),
          model: 'Reverie seed art',
          seed: v,
          width: picture.width,
          height: picture.height,
          thumbWidth: picture.thumbWidth,
          thumbHeight: picture.thumbHeight,
          nsfw: c.nsfw,
          visibility: 'public',
          // The team's picks: the first scene of the best-loved characters.
          showcase: v === 0 && c.popularity >= 0.75,
          ...files,
          createdAt: new Date(now.getTime() - ((seedCharacters.indexOf(c) * 13 + v * 5) % 60) * DAY - v * 3_600_000),
        });
      }
      await this.uow.run(async (r) => {
        await r.images.insertImages(rows);
        const likers = await r.images.characterLikers(characterId);
        const rng = createRng(`image-likes:${c.slug}`);
        await r.images.insertLikes(
          rows.flatMap((row) => likers.filter(() => rng.chance(0.35)).map((userId) => ({ userId, imageId: row.id!, createdAt: now }))),
        );
      });
      made += rows.length;
    }
    if (made) this.log.info({ images: made, ms: Date.now() - started }, 'seed gallery pictures ready');
    return made;
  }
}
