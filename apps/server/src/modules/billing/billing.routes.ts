import { randomUUID } from 'node:crypto';
import { billingEndpoints as api } from '@reverie/shared';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { route } from '../../http/route.ts';
import { AppError } from '../../lib/app-error.ts';
import type { RateLimiter, RateLimitRule } from '../../lib/rate-limiter.ts';
import { authOf } from '../../plugins/authenticate.ts';
import type { PaymentsProvider } from '../../providers/payments/payments.ts';
import type { SandboxProcessor } from '../../providers/payments/sandbox.ts';
import { toCoinsResponse, toLimits } from './billing.mapper.ts';
import type { BillingService } from './billing.service.ts';
import type { Catalog } from './catalog.ts';
import type { CoinsService } from './coins.service.ts';
import type { FulfilmentService } from './fulfilment.service.ts';
import type { MembershipService } from './membership.service.ts';
import type { SpendingLimitsService } from './spending-limits.ts';
import { toCheckoutSession, toInvoice, toMovement, toPacks, toPlan, toStatus, toSubscription } from './payments.mapper.ts';

export const ADD_COINS_LIMIT: RateLimitRule = { name: 'add-coins:user', limit: 20, windowMs: 60_000 };
/** Starting and paying checkouts: generous for people, tight for card testing. */
export const PAYMENT_LIMIT: RateLimitRule = { name: 'payments:user', limit: 30, windowMs: 60_000 };

/**
 * A retry with the same Idempotency-Key (the header only, validated by the contract) adds nothing; without one,
 * each request is its own movement. X-Request-Id is a tracing id, never a key.
 */
function idempotencyKey(header: string | string[] | undefined): string {
  return typeof header === 'string' ? header : `auto:${randomUUID()}`;
}

export interface BillingRouteDeps {
  /** The sandbox's free top-up is on (config.sandboxTopUp). */
  addCoinsEnabled: boolean;
  billing: BillingService;
  membership: MembershipService;
  coins: CoinsService;
  spendingLimits: SpendingLimitsService;
  fulfilment: FulfilmentService;
  provider: PaymentsProvider;
  catalog: Catalog;
  rateLimiter: RateLimiter;
}

/** Checkouts are rate limited per person: generous for people, tight for card testing. */
function paymentLimit(deps: BillingRouteDeps, userId: string) {
  return deps.rateLimiter.consume([{ rule: PAYMENT_LIMIT, key: userId }]);
}

/** The sandbox's free top-up and the person's own spending limits. */
function walletRoutes(app: FastifyInstance, deps: BillingRouteDeps) {
  route(app, api.addCoins, async (req) => {
    const { userId } = authOf(req);
    await deps.rateLimiter.consume([{ rule: ADD_COINS_LIMIT, key: userId }]);
    const key = idempotencyKey(req.headers['idempotency-key']);
    const { balance, user } = await deps.billing.addSandboxCoins(userId, req.body.amount, key);
    return toCoinsResponse(balance, req.body.amount, user);
  });

  route(app, api.spendingLimits, async (req) => toLimits(await deps.spendingLimits.get(authOf(req).userId)));
  route(app, api.updateSpendingLimits, async (req) => toLimits(await deps.spendingLimits.set(authOf(req).userId, req.body)));
}

/** The plans and the membership's changes: subscribing, upgrading, cancelling and resuming. */
function membershipRoutes(app: FastifyInstance, deps: BillingRouteDeps) {
  const { membership, catalog } = deps;
  route(app, api.plans, async () => ({
    plans: catalog.plans.map((p) => toPlan(p, catalog.currency)),
    mode: deps.provider.mode,
    currency: catalog.currency,
  }));

  route(app, api.subscriptionStatus, async (req) => toStatus(await membership.status(authOf(req).userId)));

  route(app, api.subscribe, async (req) => {
    const { userId } = authOf(req);
    await paymentLimit(deps, userId);
    return toMembershipChange(await membership.subscribe(userId, req.body));
  });

  route(app, api.upgrade, async (req) => {
    const { userId } = authOf(req);
    await paymentLimit(deps, userId);
    const r = await membership.upgrade(userId, req.body);
    return {
      ...toMembershipChange(r),
      coinsAwarded: r.coinsAwarded,
      prorationCents: r.prorationCents,
      effective: r.effective,
      message: r.message,
    };
  });

  route(app, api.cancel, async (req) => {
    const r = await membership.cancel(authOf(req).userId, req.body);
    return { success: true, message: r.message, subscription: toSubscription(r.subscription), tier: r.entitlements.tier };
  });

  route(app, api.resume, async (req) => {
    const r = await membership.resume(authOf(req).userId);
    return { success: true, message: r.message, subscription: toSubscription(r.subscription), tier: r.entitlements.tier };
  });
}

/** Where the person's payments stand: the status after a checkout, invoices, the portal, the card and the tier. */
function paymentAccountRoutes(app: FastifyInstance, deps: BillingRouteDeps) {
  const { membership } = deps;
  route(app, api.paymentsStatus, async (req) => {
    const { userId } = authOf(req);
    const e = await membership.status(userId);
    const checkout = req.query.sessionId ? await membership.checkoutView(userId, req.query.sessionId) : undefined;
    if (req.query.sessionId && !checkout) throw AppError.notFound('Checkout session');
    const after = checkout?.fulfilled ? await membership.status(userId) : e;
    return {
      success: true,
      mode: deps.provider.mode,
      tier: after.tier,
      subscription: after.latestSubscription ? toSubscription(after.latestSubscription) : null,
      paymentMethod: after.subscription?.paymentMethod ?? null,
      checkout: checkout ? toCheckoutSession(checkout) : null,
      coins: await deps.billing.balance(userId),
    };
  });

  route(app, api.invoices, async (req) => ({
    success: true,
    invoices: (await membership.invoices(authOf(req).userId)).map(toInvoice),
  }));

  route(app, api.portalSession, async (req) => ({ url: await membership.portalUrl(authOf(req).userId, req.body.returnPath) }));

  route(app, api.updatePaymentMethod, async (req) => {
    const r = await membership.updatePaymentMethod(authOf(req).userId, req.body);
    return { success: true, message: r.message, paymentMethod: r.paymentMethod, url: r.url };
  });

  route(app, api.updateTier, async (req) => {
    const r = await membership.resyncTier(authOf(req).userId, req.body.tier);
    return {
      success: r.success,
      tier: r.entitlements.tier,
      message: r.message,
      subscription: r.entitlements.latestSubscription ? toSubscription(r.entitlements.latestSubscription) : null,
      permissions: r.entitlements.permissions,
    };
  });
}

/** Coins: the balance with packs and costs, the monthly claim, and buying a pack. */
function coinRoutes(app: FastifyInstance, deps: BillingRouteDeps) {
  const { coins, catalog } = deps;
  route(app, api.coinsInfo, async (req) => {
    const { userId } = authOf(req);
    const info = await coins.info(userId);
    return {
      balance: info.balance,
      tier: info.entitlements.tier,
      packs: toPacks(catalog),
      costs: catalog.costs,
      allowances: info.entitlements.allowances,
      monthly: info.monthly,
      movements: info.movements.map(toMovement),
      addCoinsEnabled: deps.addCoinsEnabled,
      testMode: deps.provider.mode === 'sandbox',
    };
  });

  route(app, api.claimMonthly, async (req) => ({ success: true, ...(await coins.claimMonthly(authOf(req).userId)) }));

  route(app, api.coinCheckout, async (req) => {
    const { userId } = authOf(req);
    await paymentLimit(deps, userId);
    const s = await coins.checkout(userId, req.body.packId, req.body.provider);
    return { checkoutSessionId: s.id, checkoutUrl: s.url };
  });
}

/** The sandbox's own checkout page: starting, reading, confirming, authenticating and cancelling a checkout. */
function sandboxCheckoutRoutes(app: FastifyInstance, deps: BillingRouteDeps) {
  const { membership, coins } = deps;
  const sandbox = (): SandboxProcessor => {
    if (!deps.provider.sandbox) throw AppError.notFound('Sandbox checkout');
    return deps.provider.sandbox;
  };

  route(app, api.sandboxCreateCheckout, async (req) => {
    const { userId } = authOf(req);
    sandbox();
    await paymentLimit(deps, userId);
    if (req.body.kind === 'coin_pack') {
      const s = await coins.checkout(userId, req.body.packId);
      return { checkoutSessionId: s.id, checkoutUrl: s.url };
    }
    const r = await membership.subscribe(userId, { planId: req.body.plan, billingPeriod: req.body.billingPeriod });
    return { checkoutSessionId: r.checkoutSessionId!, checkoutUrl: r.checkoutUrl! };
  });

  const view = async (userId: string, id: string) => {
    const v = await membership.checkoutView(userId, id);
    if (!v) throw AppError.notFound('Checkout session');
    return toCheckoutSession(v);
  };

  route(app, api.sandboxGetCheckout, async (req) => {
    const { userId } = authOf(req);
    await sandbox().session(req.params.id, userId);
    return view(userId, req.params.id);
  });

  route(app, api.sandboxConfirmCheckout, async (req) => {
    const { userId } = authOf(req);
    await paymentLimit(deps, userId);
    await sandbox().confirm(req.params.id, userId, req.body);
    return view(userId, req.params.id);
  });

  route(app, api.sandboxAuthenticateCheckout, async (req) => {
    const { userId } = authOf(req);
    await sandbox().authenticate(req.params.id, userId, req.body.approve);
    return view(userId, req.params.id);
  });

  route(app, api.sandboxCancelCheckout, async (req) => {
    const { userId } = authOf(req);
    await sandbox().cancelCheckout(req.params.id, userId);
    return view(userId, req.params.id);
  });
}

/** Stripe signs the exact bytes it sent, so this route keeps the body raw (its own encapsulated parser). */
async function stripeWebhookRoute(app: FastifyInstance, deps: BillingRouteDeps) {
  await app.register(async (raw) => {
    raw.removeContentTypeParser('application/json');
    raw.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1_048_576 }, (_req, body, done) => done(null, body));
    route(raw, api.stripeWebhook, async (req) => {
      if (deps.provider.mode !== 'stripe') throw AppError.notFound('Route');
      const body = (req as unknown as { body: unknown }).body;
      if (!Buffer.isBuffer(body)) throw AppError.badRequest('Expected the raw JSON body Stripe sent');
      const sig = req.headers['stripe-signature'];
      const event = await deps.provider.parseWebhook(body, typeof sig === 'string' ? sig : undefined);
      const r = await deps.fulfilment.handle(event);
      return { received: true, duplicate: r.duplicate };
    });
  });
}

export function billingRoutes(deps: BillingRouteDeps): FastifyPluginAsync {
  return async (app) => {
    walletRoutes(app, deps);
    membershipRoutes(app, deps);
    paymentAccountRoutes(app, deps);
    coinRoutes(app, deps);
    sandboxCheckoutRoutes(app, deps);
    await stripeWebhookRoute(app, deps);
  };
}

/** The part of a subscribe or upgrade answer both share: the outcome, where to pay, and the membership now. */
function toMembershipChange<S extends string, T extends string>(r: {
  status: S;
  checkoutUrl: string | null;
  checkoutSessionId: string | null;
  entitlements: { tier: T; latestSubscription?: Parameters<typeof toSubscription>[0] | null };
}) {
  return {
    status: r.status,
    checkoutUrl: r.checkoutUrl,
    checkoutSessionId: r.checkoutSessionId,
    tier: r.entitlements.tier,
    subscription: r.entitlements.latestSubscription ? toSubscription(r.entitlements.latestSubscription) : null,
  };
}
