// The sandbox's own objects as it stores them (checkout sessions, subscriptions, invoices), how new ones are made,
// and how they read as the provider's answers (the shapes Stripe's objects are read into too).
import { randomBytes } from 'node:crypto';
import type { BillingPeriod, CheckoutSessionStatus, PaidTier } from '@reverie/shared';
import { addMonths } from '../../lib/clock.ts';
import type { CheckoutRequest, PaymentMethodData, ProviderCheckout, ProviderInvoice, ProviderSubscription } from './payments.ts';
import type { CardBehaviour } from './test-cards.ts';

/** A new object id with the processor's prefix (`cs`, `sub`, `in`, `pi`, `evt`). */
export const sandboxId = (prefix: string) => `${prefix}_sbx_${randomBytes(12).toString('hex')}`;
export const iso = (d: Date) => d.toISOString();
const CHECKOUT_TTL_MS = 24 * 3600_000;

export function periodEnd(start: Date, period: BillingPeriod): Date {
  return addMonths(start, period === 'yearly' ? 12 : 1);
}

/** A checkout session as the sandbox stores it. */
export interface SandboxSession {
  id: string;
  userId: string;
  kind: 'subscription' | 'coin_pack';
  status: CheckoutSessionStatus;
  plan: PaidTier | null;
  billingPeriod: BillingPeriod | null;
  packId: string | null;
  coins: number | null;
  amountCents: number;
  currency: string;
  description: string;
  successUrl: string;
  cancelUrl: string;
  lastError: string | null;
  pending: { behaviour: CardBehaviour; card: PaymentMethodData } | null;
  paymentMethod: PaymentMethodData | null;
  subscriptionId: string | null;
  invoiceId: string | null;
  paymentRef: string | null;
  expiresAt: string;
  createdAt: string;
}

export interface SandboxSubscription {
  id: string;
  userId: string;
  plan: PaidTier;
  billingPeriod: BillingPeriod;
  status: 'active' | 'past_due' | 'canceled';
  currentPeriodStart: string;
  currentPeriodEnd: string;
  cancelAtPeriodEnd: boolean;
  canceledAt: string | null;
  endedAt: string | null;
  scheduledChange: { plan: PaidTier; billingPeriod: BillingPeriod } | null;
  paymentMethod: PaymentMethodData;
  behaviour: CardBehaviour;
  checkoutSessionId: string | null;
  createdAt: string;
}

export type SandboxInvoice = Omit<ProviderInvoice, 'periodStart' | 'periodEnd' | 'createdAt'> & {
  periodStart: string | null;
  periodEnd: string | null;
  createdAt: string;
};

/** A new open session for a checkout request: the return links name it, and it expires after a day. */
export function openSession(sessionId: string, req: CheckoutRequest, now: Date): SandboxSession {
  return {
    id: sessionId,
    userId: req.userId,
    kind: req.kind,
    status: 'open',
    plan: req.plan ?? null,
    billingPeriod: req.billingPeriod ?? null,
    packId: req.pack?.id ?? null,
    coins: req.pack?.coins ?? null,
    amountCents: req.amountCents,
    currency: req.currency,
    description: req.description,
    successUrl: req.successUrl.replace('{CHECKOUT_SESSION_ID}', sessionId),
    cancelUrl: req.cancelUrl.replace('{CHECKOUT_SESSION_ID}', sessionId),
    lastError: null,
    pending: null,
    paymentMethod: null,
    subscriptionId: null,
    invoiceId: null,
    paymentRef: null,
    expiresAt: iso(new Date(now.getTime() + CHECKOUT_TTL_MS)),
    createdAt: iso(now),
  };
}

/** Why a session in this status cannot take the step asked for. */
export function closedCheckoutMessage(status: CheckoutSessionStatus): string {
  return status === 'complete'
    ? 'This checkout is already paid.'
    : status === 'expired'
      ? 'This checkout has expired. Start again from the plans or coins page.'
      : status === 'canceled'
        ? 'This checkout was cancelled. Start again from the plans or coins page.'
        : 'This checkout is waiting for you to confirm the payment.';
}

/** The membership a paid subscription checkout starts: active from `now` for one period, renewing on the card. */
export function newSubscription(s: SandboxSession, card: PaymentMethodData, behaviour: CardBehaviour, now: Date): SandboxSubscription {
  const period = s.billingPeriod!;
  return {
    id: sandboxId('sub'),
    userId: s.userId,
    plan: s.plan!,
    billingPeriod: period,
    status: 'active',
    currentPeriodStart: iso(now),
    currentPeriodEnd: iso(periodEnd(now, period)),
    cancelAtPeriodEnd: false,
    canceledAt: null,
    endedAt: null,
    scheduledChange: null,
    paymentMethod: card,
    behaviour: behaviour === 'fail_later' ? 'fail_later' : 'succeed',
    checkoutSessionId: s.id,
    createdAt: iso(now),
  };
}

export function providerCheckout(s: SandboxSession): ProviderCheckout {
  return {
    id: s.id,
    userId: s.userId,
    kind: s.kind,
    complete: s.status === 'complete',
    amountCents: s.amountCents,
    currency: s.currency,
    packId: s.packId,
    coins: s.coins,
    plan: s.plan,
    billingPeriod: s.billingPeriod,
    subscriptionId: s.subscriptionId,
    invoiceId: s.invoiceId,
    paymentRef: s.paymentRef,
    paymentMethod: s.paymentMethod,
    createdAt: new Date(s.createdAt),
  };
}

export function providerSubscription(s: SandboxSubscription): ProviderSubscription {
  return {
    id: s.id,
    userId: s.userId,
    plan: s.plan,
    billingPeriod: s.billingPeriod,
    status: s.status,
    currentPeriodStart: new Date(s.currentPeriodStart),
    currentPeriodEnd: new Date(s.currentPeriodEnd),
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    canceledAt: s.canceledAt ? new Date(s.canceledAt) : null,
    endedAt: s.endedAt ? new Date(s.endedAt) : null,
    scheduledChange: s.scheduledChange,
    paymentMethod: s.paymentMethod,
    checkoutSessionId: s.checkoutSessionId,
    createdAt: new Date(s.createdAt),
  };
}

export function providerInvoice(i: SandboxInvoice): ProviderInvoice {
  return {
    ...i,
    periodStart: i.periodStart ? new Date(i.periodStart) : null,
    periodEnd: i.periodEnd ? new Date(i.periodEnd) : null,
    createdAt: new Date(i.createdAt),
  };
}
