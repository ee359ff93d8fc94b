import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { Clock } from '../../lib/clock.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { HealthRegistry } from '../../providers/health.ts';
import { createPaymentsProvider } from '../../providers/payments/index.ts';
import type { SandboxRepo } from '../../providers/payments/sandbox.repo.ts';
import type { UsersRepo } from '../users/users.repo.ts';
import type { LedgerRepo } from './ledger.repo.ts';
import { billingRoutes } from './billing.routes.ts';
import type { BackgroundTasks } from '../../lib/background.ts';
import { PaymentAnnouncer, type Notify } from './payment-announcer.ts';
import { BillingService } from './billing.service.ts';
import { LedgerService } from './ledger.service.ts';
import { SpendingLimitsService } from './spending-limits.ts';
import { loadCatalog, Plans } from './catalog.ts';
import { CoinsService } from './coins.service.ts';
import { EntitlementsService } from './entitlements.service.ts';
import { FulfilmentService } from './fulfilment.service.ts';
import { MembershipService } from './membership.service.ts';
import type { PaymentsRepo } from './payments.repo.ts';

export function createBillingModule(deps: {
  config: Pick<Config, 'paymentsMode' | 'sandboxTopUp' | 'billing' | 'publicUrl'>;
  uow: UnitOfWork<{ ledger: LedgerRepo; users: UsersRepo; payments: PaymentsRepo; sandbox: SandboxRepo }>;
  rateLimiter: RateLimiter;
  health: HealthRegistry;
  log: FastifyBaseLogger;
  background: BackgroundTasks;
  /** Payment and membership notifications (the notifications module, named later in app.ts). */
  notify?: Notify;
  /** Tells an account its month's coins are ready when they are (the notifications sweep's check for one account). */
  announceMonthlyCoins?: (userId: string) => Promise<unknown>;
  /** Marks the "coins are ready" notification of the claimed month done (its dedupe key is the ledger's key). */
  monthlyClaimed?: (userId: string, key: string) => Promise<unknown>;
}) {
  const clock = new Clock();
  const catalog = loadCatalog(deps.config.billing.catalogFile);
  const { imageCost } = deps.config.billing;
  // IMAGE_COST wins over the catalogue's coins per image.
  const plans = new Plans(imageCost === undefined ? catalog : { ...catalog, costs: { ...catalog.costs, image: imageCost } });
  const ledger = new LedgerService(deps.uow, clock);
  const spendingLimits = new SpendingLimitsService(deps.uow, clock);
  const billing = new BillingService(deps.config, ledger, deps.uow);
  const provider = createPaymentsProvider(deps.config, {
    uow: deps.uow,
    clock,
    log: deps.log,
    health: deps.health,
    priceOf: (plan, period) => ({ amountCents: plans.price(plan, period), currency: plans.catalog.currency, name: plans.plan(plan).name }),
  });
  const entitlements = new EntitlementsService(deps.uow, plans, ledger, clock);
  const notify = deps.notify;
  const announcer = notify
    ? new PaymentAnnouncer({
        uow: deps.uow,
        plans,
        background: deps.background,
        notify,
        monthlyCoins: deps.announceMonthlyCoins ?? (async () => undefined),
      })
    : undefined;
  const fulfilment = new FulfilmentService({ uow: deps.uow, ledger, provider, clock, log: deps.log, announcer });
  provider.sandbox?.onEvent((e) => fulfilment.handle(e));
  const membership = new MembershipService({
    config: deps.config,
    uow: deps.uow,
    plans,
    provider,
    fulfilment,
    entitlements,
    ledger,
    clock,
  });
  const coins = new CoinsService({
    uow: deps.uow,
    plans,
    ledger,
    entitlements,
    membership,
    provider,
    clock,
    monthlyClaimed: deps.monthlyClaimed,
  });
  return {
    services: { ledger, spendingLimits, billing, entitlements, fulfilment, membership, coins, payments: provider, plans, clock },
    routes: billingRoutes({
      addCoinsEnabled: deps.config.sandboxTopUp,
      billing,
      membership,
      coins,
      spendingLimits,
      fulfilment,
      provider,
      catalog: plans.catalog,
      rateLimiter: deps.rateLimiter,
    }),
  };
}
