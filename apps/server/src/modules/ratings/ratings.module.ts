import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { CharactersRepo } from '../characters/characters.repo.ts';
import type { RatingsRepo } from './ratings.repo.ts';
import { ratingsRoutes } from './ratings.routes.ts';
import { RatingsService } from './ratings.service.ts';

export function createRatingsModule(deps: {
  uow: UnitOfWork<{ characters: CharactersRepo; ratings: RatingsRepo }>;
  rateLimiter: RateLimiter;
}) {
  const ratings = new RatingsService(deps.uow);
  return { services: { ratings }, routes: ratingsRoutes({ ratings, rateLimiter: deps.rateLimiter }) };
}
