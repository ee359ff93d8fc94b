import type { NsfwGate } from '../age/age-gate.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { ResponseCache } from '../../http/cache.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { CharactersService } from '../characters/characters.service.ts';
import type { SocialService } from '../social/social.service.ts';
import { CHARACTERS_CHANGED } from '../characters/characters.module.ts';
import { forgetWordExpansions, type SearchRepo } from './search.repo.ts';
import { searchRoutes } from './search.routes.ts';
import { SearchService } from './search.service.ts';

export function createSearchModule(deps: {
  uow: UnitOfWork<{ search: SearchRepo }>;
  rateLimiter: RateLimiter;
  characters: CharactersService;
  social: SocialService;
  responseCache: Pick<ResponseCache, 'onInvalidate'>;
  age: NsfwGate;
}) {
  deps.responseCache.onInvalidate(CHARACTERS_CHANGED, forgetWordExpansions);
  const search = new SearchService(deps.uow, deps.characters, deps.social);
  return { services: { search }, routes: searchRoutes({ search, rateLimiter: deps.rateLimiter, age: deps.age }) };
}
