import type { Config } from '../../config.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { UsersRepo } from '../users/users.repo.ts';
import type { LedgerRepo } from './billing.repo.ts';
import { billingRoutes } from './billing.routes.ts';
import { BillingService, LedgerService } from './billing.service.ts';

export function createBillingModule(deps: {
  config: Pick<Config, 'paymentsMode'>;
  uow: UnitOfWork<{ ledger: LedgerRepo; users: UsersRepo }>;
  rateLimiter: RateLimiter;
}) {
  const ledger = new LedgerService(deps.uow);
  const billing = new BillingService(deps.config, ledger, deps.uow);
  return { services: { ledger, billing }, routes: billingRoutes({ billing, rateLimiter: deps.rateLimiter }) };
}
