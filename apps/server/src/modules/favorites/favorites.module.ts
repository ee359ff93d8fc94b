import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { NsfwGate } from '../age/age-gate.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { CharactersRepo } from '../characters/characters.repo.ts';
import type { CharactersService } from '../characters/characters.service.ts';
import type { LikesService } from '../likes/likes.service.ts';
import type { FavoritesRepo } from './favorites.repo.ts';
import { favoritesRoutes } from './favorites.routes.ts';
import { FavoritesService } from './favorites.service.ts';

export function createFavoritesModule(deps: {
  uow: UnitOfWork<{ characters: CharactersRepo; favorites: FavoritesRepo }>;
  rateLimiter: RateLimiter;
  characters: CharactersService;
  likes: LikesService;
  /** NSFW characters are left out of the list while age assurance is due. */
  age: NsfwGate;
}) {
  const favorites = new FavoritesService(deps.uow, deps.characters, deps.likes);
  return { services: { favorites }, routes: favoritesRoutes({ favorites, rateLimiter: deps.rateLimiter, age: deps.age }) };
}
