import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { NsfwGate } from '../age/age-gate.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { CharactersRepo } from '../characters/characters.repo.ts';
import type { CharactersService } from '../characters/characters.service.ts';
import type { LikesRepo } from './likes.repo.ts';
import { likesRoutes } from './likes.routes.ts';
import { LikesService, type LikeEvents } from './likes.service.ts';

export function createLikesModule(deps: {
  uow: UnitOfWork<{ characters: CharactersRepo; likes: LikesRepo }>;
  rateLimiter: RateLimiter;
  characters: CharactersService;
  events?: LikeEvents;
  /** NSFW characters are left out of the list while age assurance is due. */
  age: NsfwGate;
}) {
  const likes = new LikesService(deps.uow, deps.characters, deps.events);
  return { services: { likes }, routes: likesRoutes({ likes, rateLimiter: deps.rateLimiter, age: deps.age }) };
}
