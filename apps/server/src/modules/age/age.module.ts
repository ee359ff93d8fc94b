// Age assurance by region (docs/compliance.md). Named early in composeModules: characters, chat, groups, images and
// users are handed its gate to close NSFW content where the rules require a check that was not passed.
import type { Config } from '../../config.ts';
import type { Locate } from '../../http/location.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { HealthRegistry } from '../../providers/health.ts';
import { createAgeProvider, type AgeCheckProvider } from '../../providers/age/index.ts';
import { StaffGate } from '../admin/staff.ts';
import type { AuditLog } from '../moderation/audit.service.ts';
import type { UsersRepo } from '../users/users.repo.ts';
import { AgeGate } from './age-gate.ts';
import type { AgeRepo } from './age.repo.ts';
import { ageRoutes } from './age.routes.ts';
import { AgeAssuranceService } from './age.service.ts';
import { regionOf } from './location.ts';

export function createAgeModule(deps: {
  config: Pick<Config, 'age' | 'publicUrl'>;
  /** Where the request is (http/location.ts), the same answer the crisis resources read. */
  locate: Locate;
  uow: UnitOfWork<{ age: AgeRepo; users: UsersRepo }>;
  rateLimiter: RateLimiter;
  health: HealthRegistry;
  /** An admin's reset is written to the moderation audit log. */
  audit: Pick<AuditLog, 'record'>;
  /** Tests: a provider double; otherwise chosen by AGE_ASSURANCE_PROVIDER. */
  provider?: AgeCheckProvider;
}) {
  const { config } = deps;
  const provider = deps.provider ?? createAgeProvider(config.age, { health: deps.health });
  const age = new AgeAssuranceService(deps.uow, provider, config.age, config.publicUrl, deps.audit);
  const gate = new AgeGate(age, (req) => regionOf(deps.locate(req)));
  const staff = new StaffGate(deps.uow, deps.rateLimiter);
  return { services: { age, gate }, routes: ageRoutes({ age, gate, staff, rateLimiter: deps.rateLimiter }) };
}
