import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { CharacterCards } from '../characters/character-cards.service.ts';
import type { CharactersRepo } from '../characters/characters.repo.ts';
import type { KnownCards } from '../moderation/crisis.service.ts';
import type { ModerationService } from '../moderation/moderation.service.ts';
import type { TransferRepo } from './transfer.repo.ts';
import { transferRoutes } from './transfer.routes.ts';
import { TransferService } from './transfer.service.ts';

export function createTransferModule(deps: {
  uow: UnitOfWork<{ transfer: TransferRepo; characters: CharactersRepo }>;
  cards: CharacterCards;
  moderation: ModerationService;
  /** The crisis protocol's resources (an imported chat's cards are kept only as keys of its lists). */
  crisis: KnownCards;
  rateLimiter: RateLimiter;
}) {
  const transfer = new TransferService(deps.uow, deps.cards, deps.moderation, deps.crisis);
  return { services: { transfer }, routes: transferRoutes({ transfer, rateLimiter: deps.rateLimiter }) };
}
