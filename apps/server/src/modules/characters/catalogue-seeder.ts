// The seed catalogue: creator accounts (no password: nobody can sign in as them), reader accounts that give the
// counters real rows behind them, every character with its portrait and thumbnail, and likes, favorites and follows
// shaped by each character's `popularity`. Idempotent: ids derive from slugs and usernames, rows are inserted only
// when missing, and art is rendered only for rows that have none.
import sharp from 'sharp';
import type { FastifyBaseLogger } from 'fastify';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { renderAvatar, renderBanner, renderPortrait } from '../../db/seed/art/index.ts';
import { createRng } from '../../db/seed/art/rng.ts';
import { seedCharacters, seedCreators, type SeedCharacter } from '../../db/seed/catalogue/index.ts';
import { seedId } from '../../db/seed/ids.ts';
import type { MediaStorage } from '../../providers/storage/index.ts';
import type { FavoritesRepo } from '../favorites/favorites.repo.ts';
import type { LikesRepo } from '../likes/likes.repo.ts';
import type { SocialRepo } from '../social/social.repo.ts';
import type { UsersRepo } from '../users/users.repo.ts';
import type { CharactersRepo, NewCharacter } from './characters.repo.ts';

const READERS = 96;
const DAY = 86_400_000;
const THUMB = 384;
/** Two cores: more parallel renders only queue in libvips. */
const RENDER_BATCH = 4;

const ADJECTIVES = [
  'moonlit',
  'quiet',
  'velvet',
  'amber',
  'restless',
  'silver',
  'wandering',
  'ember',
  'hollow',
  'salt',
  'midnight',
  'paper',
];
const NOUNS = ['reader', 'fox', 'lantern', 'sparrow', 'harbor', 'comet', 'willow', 'raven', 'atlas', 'quill', 'tide', 'moth'];

type Repos = { users: UsersRepo; characters: CharactersRepo; likes: LikesRepo; favorites: FavoritesRepo; social: SocialRepo };

export interface SeedResult {
  characters: number;
  rendered: number;
  skipped: boolean;
  ms: number;
}

export const seedCharacterId = (slug: string) => seedId('character', slug);
export const seedUserId = (username: string) => seedId('user', username.toLowerCase());

function readerNames(): string[] {
  const rng = createRng('reverie-readers');
  return Array.from({ length: READERS }, (_, i) => `${rng.pick(ADJECTIVES)}_${rng.pick(NOUNS)}${10 + i}`);
}

async function inBatches<T>(items: T[], size: number, fn: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(fn));
}

/** A seed character as inserted: its id and when it was made. */
interface SeededCharacter {
  id: string;
  c: SeedCharacter;
  createdAt: Date;
}

/** The creator and reader accounts: no password (nobody can sign in as them), e-mail verified, spread over time. */
function seedAccounts(creatorIds: Map<string, string>, readers: string[], now: Date) {
  return [
    ...seedCreators.map((c, i) => ({
      id: creatorIds.get(c.username)!,
      username: c.username,
      email: `${c.username.toLowerCase()}@seed.reverie.invalid`,
      passwordHash: null,
      bio: c.bio,
      emailVerifiedAt: now,
      createdAt: new Date(now.getTime() - (400 - i * 9) * DAY),
    })),
    ...readers.map((username, i) => ({
      id: seedUserId(username),
      username,
      email: `${username}@seed.reverie.invalid`,
      passwordHash: null,
      emailVerifiedAt: now,
      createdAt: new Date(now.getTime() - (300 - i) * DAY),
    })),
  ];
}

/** A seed character's row: public, downloadable, published when it was made. */
function seedCharacterRow(c: SeedCharacter, id: string, creatorId: string, createdAt: Date): NewCharacter {
  return {
    id,
    creatorId,
    seedSlug: c.slug,
    name: c.name,
    tagline: c.tagline,
    description: c.description,
    personality: c.personality,
    scenario: c.scenario,
    greeting: c.greeting,
    alternateGreetings: c.alternateGreetings,
    exampleDialogue: c.exampleDialogue,
    systemPrompt: c.systemPrompt ?? '',
    postHistoryInstructions: c.postHistoryInstructions ?? '',
    creatorNotes: c.creatorNotes,
    characterBook: c.characterBook?.length ? { entries: c.characterBook.map((e) => ({ ...e })) } : null,
    extensions: {},
    tagNames: c.tags,
    nsfw: c.nsfw,
    visibility: 'public',
    premium: c.premium ?? false,
    allowDownload: true,
    // No invented numbers: chats and ratings start at zero and count real conversations and ratings.
    createdAt,
    updatedAt: createdAt,
  };
}

/** The social graph: readers and creators like and favorite in proportion to popularity, spread over time. */
function socialGraph(chars: SeededCharacter[], people: string[], creatorIds: Map<string, string>, now: Date) {
  const rng = createRng('reverie-social-graph');
  const likes: Array<{ userId: string; characterId: string; createdAt: Date }> = [];
  const favorites: typeof likes = [];
  const follows: Array<{ followerId: string; followeeId: string; createdAt: Date }> = [];
  for (const { id, c, createdAt } of chars) {
    const age = now.getTime() - createdAt.getTime();
    for (const userId of people) {
      if (!rng.chance(Math.min(0.95, c.popularity * 0.85))) continue;
      const at = new Date(createdAt.getTime() + rng.next() * age);
      likes.push({ userId, characterId: id, createdAt: at });
      if (rng.chance(0.35)) favorites.push({ userId, characterId: id, createdAt: at });
    }
  }
  const creatorPopularity = new Map<string, number>();
  for (const { c } of chars) {
    const id = creatorIds.get(c.creator)!;
    creatorPopularity.set(id, Math.max(creatorPopularity.get(id) ?? 0, c.popularity));
  }
  for (const followerId of people) {
    for (const [creatorId, pop] of creatorPopularity) {
      if (creatorId === followerId || !rng.chance(pop * 0.7)) continue;
      follows.push({ followerId, followeeId: creatorId, createdAt: new Date(now.getTime() - rng.next() * 90 * DAY) });
    }
  }
  return { likes, favorites, follows };
}

export class CatalogueSeeder {
  constructor(
    private readonly uow: UnitOfWork<Repos>,
    private readonly storage: MediaStorage,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
  ) {}

  /** Rows, then art for rows that have none; `art: false` skips rendering (tests that need rows, not pictures). */
  async run(opts: { art?: boolean; now?: Date } = {}): Promise<SeedResult> {
    const started = Date.now();
    const existing = await this.uow.repos.characters.seeded();
    let created = existing.length;
    const rowsComplete = existing.length >= seedCharacters.length;
    if (!rowsComplete) {
      const now = opts.now ?? new Date();
      created = await this.uow.run((repos) => this.insertRows(repos, now));
    }
    const rendered = (opts.art ?? true) ? await this.renderArt() : 0;
    const result = { characters: created, rendered, skipped: rowsComplete && rendered === 0, ms: Date.now() - started };
    if (!result.skipped) this.log.info(result, 'seed catalogue ready');
    return result;
  }

  private async insertRows(r: Repos, now: Date): Promise<number> {
    const creatorIds = new Map(seedCreators.map((c) => [c.username, seedUserId(c.username)]));
    const readers = readerNames();
    await r.users.insertMissing(seedAccounts(creatorIds, readers, now));
    // A real account may already hold a seed username: its characters are then skipped, never attached to it.
    const present = await r.users.existingIds([...creatorIds.values()]);

    const chars: SeededCharacter[] = [];
    for (const [i, c] of seedCharacters.entries()) {
      const creatorId = creatorIds.get(c.creator);
      if (!creatorId || !present.has(creatorId)) continue;
      const id = seedCharacterId(c.slug);
      const crng = createRng(`stats:${c.slug}`);
      const createdAt = new Date(now.getTime() - ((i * 37) % 120) * DAY - crng.int(0, 20) * 3_600_000);
      const row = await r.characters.insert(seedCharacterRow(c, id, creatorId, createdAt));
      if (row) await r.characters.setTags(id, c.tags);
      chars.push({ id, c, createdAt });
    }

    const people = [...readers.map(seedUserId), ...[...present]];
    const { likes, favorites, follows } = socialGraph(chars, people, creatorIds, now);
    await r.likes.insertMany(likes);
    await r.favorites.insertMany(favorites);
    await r.social.insertMany(follows);
    await r.characters.recount(chars.map((x) => x.id));
    return chars.length;
  }

  /** Portraits and thumbnails for seed characters that have none, avatars and banners for seed creators. */
  async renderArt(): Promise<number> {
    const { repos } = this.uow;
    const rows = new Map((await repos.characters.seeded()).map((r) => [r.seedSlug, r]));
    const todo = seedCharacters.filter((c) => {
      const row = rows.get(c.slug);
      return row && (row.avatarUrl === null || row.thumbnailUrl === null);
    });
    await inBatches(todo, RENDER_BATCH, async (c) => {
      const id = seedCharacterId(c.slug);
      const portrait = await renderPortrait(c.appearance, c.slug);
      const thumb = await sharp(portrait).resize(THUMB, THUMB, { fit: 'cover', position: 'top' }).webp({ quality: 82 }).toBuffer();
      const avatarUrl = await this.storage.put(`characters/${id}/portrait.webp`, portrait, 'image/webp');
      const thumbnailUrl = await this.storage.put(`characters/${id}/thumb.webp`, thumb, 'image/webp');
      await repos.characters.update(id, { avatarUrl, thumbnailUrl });
    });
    const creators = seedCreators.map((c) => ({ c, id: seedUserId(c.username) }));
    const present = await repos.users.existingIds(creators.map((x) => x.id));
    await inBatches(
      creators.filter((x) => present.has(x.id)),
      RENDER_BATCH,
      async ({ c, id }) => {
        const user = await repos.users.findById(id);
        if (!user || user.passwordHash !== null || (user.avatarUrl && user.bannerUrl)) return;
        const avatarUrl = await this.storage.put(
          `avatars/users/${id}/seed.webp`,
          await renderAvatar(c.appearance, c.username),
          'image/webp',
        );
        const bannerUrl = await this.storage.put(
          `banners/users/${id}/seed.webp`,
          await renderBanner(c.appearance, c.username),
          'image/webp',
        );
        await repos.users.update(id, { avatarUrl, bannerUrl });
      },
    );
    return todo.length;
  }
}
