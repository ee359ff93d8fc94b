// Payments: the built-in sandbox (PAYMENTS_MODE=sandbox, the default) or Stripe (PAYMENTS_MODE=stripe).
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { Clock } from '../../lib/clock.ts';
import type { PaymentsRepo } from '../../modules/billing/payments.repo.ts';
import type { HealthRegistry } from '../health.ts';
import type { PaymentsProvider } from './payments.ts';
import { SandboxProcessor, type PriceOf } from './sandbox.ts';
import type { SandboxRepo } from './sandbox.repo.ts';
import { StripeProvider } from './stripe.ts';

export type { PaymentEvent, PaymentsProvider } from './payments.ts';
export { SandboxProcessor } from './sandbox.ts';

export function createPaymentsProvider(
  config: Pick<Config, 'paymentsMode' | 'billing'>,
  deps: {
    uow: UnitOfWork<{ sandbox: SandboxRepo; payments: PaymentsRepo }>;
    clock: Clock;
    priceOf: PriceOf;
    log: FastifyBaseLogger;
    health: HealthRegistry;
  },
): PaymentsProvider {
  const stripe = config.billing.stripe;
  const provider: PaymentsProvider =
    config.paymentsMode === 'stripe' && stripe ? new StripeProvider(stripe, { uow: deps.uow }) : new SandboxProcessor(deps);
  return deps.health.register(provider);
}
