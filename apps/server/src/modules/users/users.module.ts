import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { NsfwGate } from '../age/age-gate.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { MediaStorage } from '../../providers/storage/index.ts';
import type { SocialService } from '../social/social.service.ts';
import type { TagsService } from '../tags/tags.service.ts';
import type { UsersRepo } from './users.repo.ts';
import { usersRoutes } from './users.routes.ts';
import { UsersService } from './users.service.ts';

export function createUsersModule(deps: {
  uow: UnitOfWork<{ users: UsersRepo }>;
  rateLimiter: RateLimiter;
  storage: MediaStorage;
  tags: TagsService;
  social: SocialService;
  age: NsfwGate;
}) {
  const users = new UsersService(deps.uow, deps.storage, deps.tags);
  return { services: { users }, routes: usersRoutes({ users, social: deps.social, rateLimiter: deps.rateLimiter, age: deps.age }) };
}
