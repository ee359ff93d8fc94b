import type { FastifyBaseLogger } from 'fastify';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { ResponseCache } from '../../http/cache.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { MediaStorage } from '../../providers/storage/index.ts';
import type { NsfwGate } from '../age/age-gate.ts';
import type { ModerationService } from '../moderation/moderation.service.ts';
import type { TagsService } from '../tags/tags.service.ts';
import { CatalogueSeeder } from './catalogue-seeder.ts';
import { CharacterCards } from './character-cards.service.ts';
import { CharacterEditor } from './character-editor.ts';
import { charactersRoutes } from './characters.routes.ts';
import { CharactersService, type CharacterRepos } from './characters.service.ts';
import { PortraitFiles } from './portrait-files.ts';
import { PortraitPlacement } from './portrait-placement.ts';

/**
 * Invalidated on every character write, in every process (through Redis when configured): caches of lists kept
 * outside the database (feed totals here, search word expansions in the search module) listen to it.
 */
export const CHARACTERS_CHANGED = 'characters';

export function createCharactersModule(deps: {
  uow: UnitOfWork<CharacterRepos>;
  tags: TagsService;
  moderation: ModerationService;
  storage: MediaStorage;
  /** The media links' signing key (DATA_DIR/secrets/media.key). */
  mediaKey: Buffer | Uint8Array | string;
  rateLimiter: RateLimiter;
  responseCache: Pick<ResponseCache, 'invalidate' | 'onInvalidate'>;
  config: { uploadLimit: number };
  log: FastifyBaseLogger;
  /** A character became public for the first time (after its commit): tell its creator's followers. */
  published?: (creatorId: string, characterId: string) => void;
  age: NsfwGate;
}) {
  const changed = () => deps.responseCache.invalidate(CHARACTERS_CHANGED);
  const portraits = new PortraitFiles(deps.storage, Buffer.from(deps.mediaKey));
  const editor = new CharacterEditor(deps.uow, deps.tags, deps.moderation, deps.storage, changed, deps.log, portraits, deps.published);
  const characters = new CharactersService(deps.uow, deps.tags, editor);
  deps.responseCache.onInvalidate(CHARACTERS_CHANGED, () => characters.forgetTotals());
  const cards = new CharacterCards(deps.uow, editor, deps.moderation, deps.storage);
  const seeder = new CatalogueSeeder(deps.uow, deps.storage, deps.log);
  const placement = new PortraitPlacement(deps.uow, editor, portraits, deps.storage);
  return {
    services: { characters, cards, seeder, portraits, placement },
    routes: charactersRoutes({
      characters,
      cards,
      portraits,
      rateLimiter: deps.rateLimiter,
      uploadLimit: deps.config.uploadLimit,
      age: deps.age,
    }),
  };
}
