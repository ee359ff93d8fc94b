// Memberships: subscribe, change plan (with proration), cancel, resume, re-sync the tier; payment status,
// invoices, portal and card. All money goes through the provider; its events come back through fulfilment.
import type { BillingPeriod, PaidTier, Tier } from '@reverie/shared';
import type { Config } from '../../config.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import { addMonths, type Clock } from '../../lib/clock.ts';
import { UNSUPPORTED_PROVIDERS, type PaymentsProvider, type PlanChange } from '../../providers/payments/payments.ts';
import type { SandboxSession } from '../../providers/payments/sandbox.ts';
import type { CardInput } from '../../providers/payments/test-cards.ts';
import type { UsersRepo } from '../users/users.repo.ts';
import type { LedgerRepo } from './ledger.repo.ts';
import type { LedgerService } from './ledger.service.ts';
import { tierRank, type Plans } from './catalog.ts';
import type { Entitlements, EntitlementsService } from './entitlements.service.ts';
import type { FulfilmentService } from './fulfilment.service.ts';
import type { InvoiceRow, PaymentsRepo, SubscriptionRow } from './payments.repo.ts';

type Repos = { payments: PaymentsRepo; ledger: LedgerRepo; users: UsersRepo };

/** A checkout session as the status endpoint and the sandbox page show it. */
export interface CheckoutView extends SandboxSession {
  testMode: boolean;
  fulfilled: boolean;
}

const dateText = (d: Date) => d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** product.md §8: crypto and alternative card processors are gone; card payments are the only way. */
export function refuseUnsupported(provider: string | undefined, paymentMethodId?: string): void {
  for (const v of [provider, paymentMethodId]) {
    if (!v || ['card', 'stripe', 'sandbox'].includes(v.toLowerCase())) continue;
    if (UNSUPPORTED_PROVIDERS.test(v) || provider === v) {
      const crypto = /crypto|bitcoin|btc|eth|usd[tc]|coin/i.test(v);
      throw new AppError(
        410,
        'NO_LONGER_SUPPORTED',
        crypto
          ? 'Crypto payments are no longer supported. Please pay by card.'
          : 'This payment processor is no longer supported. Please pay by card.',
      );
    }
  }
}

/** The start of the monthly-claim window `now` falls in, counted in months from the membership's start. */
export function claimWindow(anchor: Date, now: Date): { index: number; start: Date; next: Date } {
  let index = Math.max(0, (now.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + now.getUTCMonth() - anchor.getUTCMonth());
  while (index > 0 && addMonths(anchor, index) > now) index -= 1;
  while (addMonths(anchor, index + 1) <= now) index += 1;
  return { index, start: addMonths(anchor, index), next: addMonths(anchor, index + 1) };
}

export class MembershipService {
  constructor(
    private readonly deps: {
      config: Pick<Config, 'paymentsMode' | 'publicUrl'>;
      uow: UnitOfWork<Repos>;
      plans: Plans;
      provider: PaymentsProvider;
      fulfilment: FulfilmentService;
      entitlements: EntitlementsService;
      ledger: LedgerService;
      clock: Clock;
    },
  ) {}

  /** Links the processor sends the buyer back to: app paths in the sandbox, absolute URLs for Stripe. */
  appUrl(path: string): string {
    return this.deps.provider.mode === 'sandbox' ? path : `${this.deps.config.publicUrl}${path}`;
  }

  private async email(userId: string): Promise<string> {
    const user = await this.deps.uow.repos.users.findById(userId);
    if (!user) throw AppError.notFound('User');
    return user.email;
  }

  status(userId: string): Promise<Entitlements> {
    return this.deps.entitlements.of(userId);
  }

  async subscribe(
    userId: string,
    body: { planId: PaidTier; billingPeriod: BillingPeriod; paymentMethodId?: string; provider?: string },
  ): Promise<{
    status: 'succeeded' | 'checkout' | 'requires_action';
    checkoutUrl: string | null;
    checkoutSessionId: string | null;
    entitlements: Entitlements;
  }> {
    refuseUnsupported(body.provider, body.paymentMethodId);
    const current = await this.deps.entitlements.of(userId);
    if (current.subscription) {
      throw AppError.conflict(
        `You already have the ${this.deps.plans.plan(current.tier).name} membership. Change plans from Manage membership.`,
      );
    }
    const plan = this.deps.plans.plan(body.planId);
    const amountCents = this.deps.plans.price(body.planId, body.billingPeriod);
    const session = await this.deps.provider.createCheckout({
      userId,
      email: await this.email(userId),
      kind: 'subscription',
      plan: body.planId,
      billingPeriod: body.billingPeriod,
      amountCents,
      currency: this.deps.plans.catalog.currency,
      description: `${plan.name} membership (${body.billingPeriod})`,
      successUrl: this.appUrl('/subscription/success?session_id={CHECKOUT_SESSION_ID}'),
      cancelUrl: this.appUrl('/subscription/cancel?session_id={CHECKOUT_SESSION_ID}'),
    });
    const sandbox = this.deps.provider.sandbox;
    if (sandbox && body.paymentMethodId) {
      const s = await sandbox.confirm(session.id, userId, { paymentMethodId: body.paymentMethodId });
      return {
        status: s.status === 'complete' ? 'succeeded' : 'requires_action',
        checkoutUrl: s.status === 'complete' ? null : session.url,
        checkoutSessionId: session.id,
        entitlements: await this.deps.entitlements.of(userId),
      };
    }
    return { status: 'checkout', checkoutUrl: session.url, checkoutSessionId: session.id, entitlements: current };
  }

  /**
   * Proration: a higher tier (or monthly → yearly) applies now. Same period: the price difference for the unused
   * part of the period. New period: a new period starts now and costs its price less the unused part of the old
   * one. A lower tier (or yearly → monthly) is scheduled for the period end; nothing is refunded.
   */
  planChange(sub: SubscriptionRow, plan: PaidTier, period: BillingPeriod, now: Date): PlanChange {
    const oldPlan = sub.plan as PaidTier;
    const oldPeriod = sub.billingPeriod as BillingPeriod;
    const rankDiff = tierRank(plan) - tierRank(oldPlan);
    const longer = period === 'yearly' && oldPeriod === 'monthly';
    const up = rankDiff > 0 || (rankDiff === 0 && longer);
    if (!up) return { plan, billingPeriod: period, effective: 'period_end', prorationCents: 0 };
    const total = sub.currentPeriodEnd.getTime() - sub.currentPeriodStart.getTime();
    const unused = total > 0 ? Math.min(1, Math.max(0, (sub.currentPeriodEnd.getTime() - now.getTime()) / total)) : 0;
    const oldPrice = this.deps.plans.price(oldPlan, oldPeriod);
    const newPrice = this.deps.plans.price(plan, period);
    const prorationCents =
      period === oldPeriod
        ? Math.max(0, Math.round((newPrice - oldPrice) * unused))
        : Math.max(0, newPrice - Math.round(oldPrice * unused));
    return { plan, billingPeriod: period, effective: 'now', prorationCents };
  }

  async upgrade(
    userId: string,
    body: { plan: PaidTier; billingPeriod: BillingPeriod; paymentMethodId?: string },
  ): Promise<{
    status: 'succeeded' | 'checkout' | 'requires_action';
    checkoutUrl: string | null;
    checkoutSessionId: string | null;
    entitlements: Entitlements;
    coinsAwarded: number;
    prorationCents: number;
    effective: 'now' | 'period_end';
    message: string;
  }> {
    const current = await this.deps.entitlements.of(userId);
    const sub = current.subscription;
    const newPlan = this.deps.plans.plan(body.plan);
    if (!sub) {
      const r = await this.subscribe(userId, {
        planId: body.plan,
        billingPeriod: body.billingPeriod,
        paymentMethodId: body.paymentMethodId,
      });
      return {
        ...r,
        coinsAwarded: 0,
        prorationCents: 0,
        effective: 'now',
        message: r.status === 'succeeded' ? `Welcome to ${newPlan.name}.` : `Complete the payment to start ${newPlan.name}.`,
      };
    }
    if (sub.status === 'past_due') throw AppError.conflict('Your last payment failed. Update your card before changing plans.');
    if (sub.plan === body.plan && sub.billingPeriod === body.billingPeriod) {
      throw AppError.conflict(`You are already on ${newPlan.name} (${body.billingPeriod}).`);
    }
    const now = this.deps.clock.now();
    const change = this.planChange(sub, body.plan, body.billingPeriod, now);
    // One change at a time, from the state the price was computed on: of several at once, one is made and charged.
    if (!(await this.deps.uow.repos.payments.startChange(sub.id, sub))) {
      throw AppError.conflict('Your membership changed a moment ago. Look at it again before changing plans.');
    }
    try {
      await this.deps.provider.changePlan(sub.id, change, change.prorationCents);
      await this.deps.fulfilment.syncSubscription(sub.id);
    } finally {
      await this.deps.uow.repos.payments.endChange(sub.id);
    }
    // Stripe switches a downgrade at once (no refund; the next renewal is billed at the new price); the sandbox
    // schedules it for the period end.
    const effective = change.effective === 'period_end' && this.deps.provider.mode === 'stripe' ? 'now' : change.effective;
    let coinsAwarded = 0;
    if (change.effective === 'now') coinsAwarded = await this.topUpMonthlyCoins(sub, body.plan, now);
    const message =
      change.effective === 'now'
        ? `You are now on ${newPlan.name} (${body.billingPeriod}).`
        : effective === 'now'
          ? `You are now on ${newPlan.name} (${body.billingPeriod}); your next renewal is charged at its price.`
          : `${newPlan.name} (${body.billingPeriod}) starts on ${dateText(sub.currentPeriodEnd)}, when your current period ends.`;
    return {
      status: 'succeeded',
      checkoutUrl: null,
      checkoutSessionId: null,
      entitlements: await this.deps.entitlements.of(userId),
      coinsAwarded,
      prorationCents: change.prorationCents,
      effective,
      message,
    };
  }

  /** After an upgrade: if this month's coins were already claimed at the old plan's amount, add the difference once. */
  private async topUpMonthlyCoins(sub: SubscriptionRow, plan: PaidTier, now: Date): Promise<number> {
    const w = claimWindow(sub.anchorAt, now);
    const claimed = await this.deps.uow.repos.ledger.entry(`monthly:${sub.id}:${w.index}`);
    if (!claimed) return 0;
    const diff = this.deps.plans.plan(plan).permissions.monthlyCoins - claimed.delta;
    if (diff <= 0) return 0;
    const r = await this.deps.ledger.credit({
      userId: sub.userId,
      amount: diff,
      reason: 'monthly_coins_upgrade',
      reference: sub.id,
      idempotencyKey: `monthly-topup:${sub.id}:${w.index}:${plan}`,
    });
    return r.applied ? diff : 0;
  }

  /** The caller's membership by id (another user's answers 404), or their current one. */
  private async ownSubscription(userId: string, subscriptionId: string | undefined): Promise<SubscriptionRow> {
    const sub = subscriptionId
      ? await this.deps.uow.repos.payments.subscription(subscriptionId)
      : (await this.deps.entitlements.of(userId)).latestSubscription;
    if (!sub || sub.userId !== userId) throw subscriptionId ? AppError.notFound('Subscription') : AppError.notFound('Membership');
    return sub;
  }

  async cancel(
    userId: string,
    body: { subscriptionId?: string; immediately: boolean },
  ): Promise<{ message: string; entitlements: Entitlements; subscription: SubscriptionRow }> {
    const sub = await this.ownSubscription(userId, body.subscriptionId);
    if (sub.status === 'canceled' || sub.endedAt) throw AppError.conflict('This membership has already ended.');
    const plan = this.deps.plans.plan(sub.plan as Tier);
    if (!(sub.cancelAtPeriodEnd && !body.immediately)) {
      await this.deps.provider.cancel(sub.id, { atPeriodEnd: !body.immediately });
      await this.deps.fulfilment.syncSubscription(sub.id);
    }
    const after = (await this.deps.uow.repos.payments.subscription(sub.id)) ?? sub;
    const message = body.immediately
      ? `Your ${plan.name} membership has ended.`
      : `Your ${plan.name} membership ends on ${dateText(after.currentPeriodEnd)}. You keep its benefits until then.`;
    return { message, entitlements: await this.deps.entitlements.of(userId), subscription: after };
  }

  async resume(userId: string): Promise<{ message: string; entitlements: Entitlements; subscription: SubscriptionRow }> {
    const sub = await this.ownSubscription(userId, undefined);
    await this.deps.provider.resume(sub.id);
    await this.deps.fulfilment.syncSubscription(sub.id);
    const after = (await this.deps.uow.repos.payments.subscription(sub.id)) ?? sub;
    return {
      message: `Your ${this.deps.plans.plan(sub.plan as Tier).name} membership will renew on ${dateText(after.currentPeriodEnd)}.`,
      entitlements: await this.deps.entitlements.of(userId),
      subscription: after,
    };
  }

  /**
   * POST /api/users/update-tier: never sets a tier from the request. It re-reads the membership from the provider,
   * recomputes the tier, stores it on the user and answers it (success false when it is not the tier asked for).
   */
  async resyncTier(userId: string, requested: Tier): Promise<{ success: boolean; message: string; entitlements: Entitlements }> {
    const latest = await this.deps.uow.repos.payments.latestSubscriptionOf(userId);
    if (latest) await this.deps.fulfilment.syncSubscription(latest.id);
    await this.deps.uow.run((repos) => this.deps.fulfilment.syncTier(userId, repos));
    const e = await this.deps.entitlements.of(userId);
    const name = this.deps.plans.plan(e.tier).name;
    return {
      success: e.tier === requested,
      message:
        e.tier === requested ? `Your plan is ${name}.` : `Your plan is ${name}. Plans change only through a payment or a cancellation.`,
      entitlements: e,
    };
  }

  /** One of the caller's checkout sessions with whether it was credited; a paid but unfulfilled one is fulfilled now. */
  async checkoutView(userId: string, sessionId: string): Promise<CheckoutView | undefined> {
    const sandbox = this.deps.provider.sandbox;
    if (sandbox) {
      let s: SandboxSession;
      try {
        s = await sandbox.session(sessionId, userId);
      } catch {
        return undefined;
      }
      if (s.status === 'complete' && !(await this.isFulfilled(s.id, s.kind))) await sandbox.deliverPending();
      return { ...s, testMode: true, fulfilled: s.status === 'complete' && (await this.isFulfilled(s.id, s.kind)) };
    }
    const c = await this.deps.provider.retrieveCheckout(sessionId);
    if (!c || c.userId !== userId) return undefined;
    if (c.complete && !(await this.isFulfilled(c.id, c.kind))) {
      // The buyer is back before the webhook: fulfil from Stripe's current state (idempotent with the webhook).
      await this.deps.fulfilment.handle({ id: `return_${c.id}`, type: 'checkout.completed', checkoutSessionId: c.id });
    }
    return {
      id: c.id,
      userId: c.userId,
      kind: c.kind,
      status: c.complete ? 'complete' : 'open',
      plan: c.plan,
      billingPeriod: c.billingPeriod,
      packId: c.packId,
      coins: c.coins,
      amountCents: c.amountCents,
      currency: c.currency,
      description: c.kind === 'coin_pack' ? `${c.coins ?? 0} coins` : `${c.plan} membership (${c.billingPeriod})`,
      successUrl: '',
      cancelUrl: '',
      lastError: null,
      pending: null,
      paymentMethod: c.paymentMethod,
      subscriptionId: c.subscriptionId,
      invoiceId: c.invoiceId,
      paymentRef: c.paymentRef,
      expiresAt: c.createdAt.toISOString(),
      createdAt: c.createdAt.toISOString(),
      testMode: false,
      fulfilled: c.complete && (await this.isFulfilled(c.id, c.kind)),
    };
  }

  async isFulfilled(sessionId: string, kind: 'subscription' | 'coin_pack'): Promise<boolean> {
    if (kind === 'coin_pack') return Boolean(await this.deps.uow.repos.ledger.entry(`coin_pack:${sessionId}`));
    return Boolean(await this.deps.uow.repos.payments.subscriptionByCheckout(sessionId));
  }

  invoices(userId: string): Promise<InvoiceRow[]> {
    return this.deps.uow.repos.payments.invoicesOf(userId, 100);
  }

  portalUrl(userId: string, returnPath = '/subscription/manage'): Promise<string> {
    return this.deps.provider.portalUrl(userId, `${this.deps.config.publicUrl}${returnPath}`);
  }

  async updatePaymentMethod(
    userId: string,
    input: CardInput,
  ): Promise<{ message: string; paymentMethod: SubscriptionRow['paymentMethod']; url: string | null }> {
    const sandbox = this.deps.provider.sandbox;
    if (!sandbox) {
      return { message: 'Change your card in the billing portal.', paymentMethod: null, url: await this.portalUrl(userId) };
    }
    const sub = (await this.deps.entitlements.of(userId)).subscription;
    if (!sub) throw AppError.conflict('There is no membership to charge: cards are saved with a membership.');
    const paymentMethod = await sandbox.updatePaymentMethod(sub.id, input);
    await this.deps.fulfilment.syncSubscription(sub.id);
    return { message: `Renewals will be charged to ${paymentMethod.brand} ending ${paymentMethod.last4}.`, paymentMethod, url: null };
  }
}
