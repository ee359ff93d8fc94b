import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { MediaStorage } from '../../providers/storage/index.ts';
import type { ModerationService } from '../moderation/moderation.service.ts';
import { personasRoutes } from './personas.routes.ts';
import { PersonasService, type PersonasUnitOfWork } from './personas.service.ts';

export function createPersonasModule(deps: {
  uow: PersonasUnitOfWork;
  moderation: ModerationService;
  storage: MediaStorage;
  rateLimiter: RateLimiter;
}) {
  const personas = new PersonasService(deps.uow, deps.moderation, deps.storage);
  return { services: { personas }, routes: personasRoutes({ personas, rateLimiter: deps.rateLimiter }) };
}
