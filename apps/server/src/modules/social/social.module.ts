import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { UsersRepo } from '../users/users.repo.ts';
import type { SocialRepo } from './social.repo.ts';
import { socialRoutes } from './social.routes.ts';
import { SocialService, type FollowEvents } from './social.service.ts';

export function createSocialModule(deps: {
  uow: UnitOfWork<{ social: SocialRepo; users: UsersRepo }>;
  rateLimiter: RateLimiter;
  events?: FollowEvents;
}) {
  const social = new SocialService(deps.uow, deps.events);
  return { services: { social }, routes: socialRoutes({ social, rateLimiter: deps.rateLimiter }) };
}
