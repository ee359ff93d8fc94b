// The payment processor as the billing module sees it. Each backend (sandbox.ts, stripe.ts) turns its own
// objects into these shapes; the fulfilment service only ever works with them, so a sandbox purchase and a
// Stripe purchase are credited by the same code.
import type { BillingPeriod, PaidTier, PaymentsMode, SubscriptionStatusValue } from '@reverie/shared';
import type { ProviderHealth } from '../health.ts';
import type { SandboxProcessor } from './sandbox.ts';

/** A card as shown to its owner (same shape as the subscriptions.payment_method column). */
export interface PaymentMethodData {
  brand: string;
  last4: string;
  expMonth: number | null;
  expYear: number | null;
}

export interface ProviderCheckout {
  id: string;
  userId: string;
  kind: 'subscription' | 'coin_pack';
  /** Paid (or, for memberships, the subscription created). */
  complete: boolean;
  amountCents: number;
  currency: string;
  packId: string | null;
  coins: number | null;
  plan: PaidTier | null;
  billingPeriod: BillingPeriod | null;
  subscriptionId: string | null;
  invoiceId: string | null;
  paymentRef: string | null;
  paymentMethod: PaymentMethodData | null;
  createdAt: Date;
}

export interface ProviderSubscription {
  id: string;
  userId: string;
  plan: PaidTier;
  billingPeriod: BillingPeriod;
  status: SubscriptionStatusValue;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  canceledAt: Date | null;
  endedAt: Date | null;
  scheduledChange: { plan: PaidTier; billingPeriod: BillingPeriod } | null;
  paymentMethod: PaymentMethodData | null;
  checkoutSessionId: string | null;
  createdAt: Date;
}

export type InvoiceKind = 'subscription' | 'renewal' | 'proration' | 'coin_pack';

export interface ProviderInvoice {
  id: string;
  userId: string;
  subscriptionId: string | null;
  checkoutSessionId: string | null;
  number: string;
  status: 'paid' | 'open' | 'void' | 'refunded';
  kind: InvoiceKind;
  description: string;
  amountCents: number;
  currency: string;
  coins: number;
  paymentRef: string | null;
  periodStart: Date | null;
  periodEnd: Date | null;
  paymentMethod: PaymentMethodData | null;
  hostedUrl: string | null;
  createdAt: Date;
}

/**
 * What happened at the processor, reduced to what fulfilment needs. Events name objects; the handler fetches their
 * current state, so a stale or out-of-order event cannot roll anything back.
 */
export type PaymentEvent = { id: string } & (
  | { type: 'checkout.completed'; checkoutSessionId: string }
  | { type: 'subscription.changed'; subscriptionId: string }
  | { type: 'invoice.paid'; invoiceId: string }
  /** refundedCents is the payment's cumulative refunded amount (Stripe's amount_refunded). */
  | { type: 'payment.refunded'; paymentRef: string; refundedCents: number }
  | { type: 'dispute.opened'; paymentRef: string; disputeId: string }
  | { type: 'dispute.closed'; paymentRef: string; disputeId: string; won: boolean }
  /** An event this app does not act on (recorded as processed). */
  | { type: 'ignored'; providerType: string }
);

export interface CheckoutRequest {
  userId: string;
  email: string;
  kind: 'subscription' | 'coin_pack';
  plan?: PaidTier;
  billingPeriod?: BillingPeriod;
  pack?: { id: string; name: string; coins: number; priceCents: number };
  amountCents: number;
  currency: string;
  description: string;
  successUrl: string;
  cancelUrl: string;
}

export interface PlanChange {
  plan: PaidTier;
  billingPeriod: BillingPeriod;
  /** now: applied at once with the proration charged; period_end: scheduled. */
  effective: 'now' | 'period_end';
  prorationCents: number;
}

export interface PaymentsProvider extends ProviderHealth {
  readonly mode: PaymentsMode;
  /** The sandbox's test-mode processor (checkout page, clock-driven renewals); undefined for Stripe. */
  readonly sandbox?: SandboxProcessor;
  createCheckout(req: CheckoutRequest): Promise<{ id: string; url: string }>;
  retrieveCheckout(id: string): Promise<ProviderCheckout | undefined>;
  retrieveSubscription(id: string): Promise<ProviderSubscription | undefined>;
  retrieveInvoice(id: string): Promise<ProviderInvoice | undefined>;
  /** Asks the processor to change the plan; the resulting state arrives as events (and is synced at once). */
  changePlan(subscriptionId: string, change: Omit<PlanChange, 'prorationCents'>, prorationCents: number): Promise<void>;
  cancel(subscriptionId: string, opts: { atPeriodEnd: boolean }): Promise<void>;
  resume(subscriptionId: string): Promise<void>;
  /** The paid invoices of a membership (what a second membership is refunded from). */
  paidInvoicesOf(subscriptionId: string): Promise<ProviderInvoice[]>;
  /** Refunds `amountCents` of a payment; idempotent under `key`. The refund also comes back as an event. */
  refund(paymentRef: string, amountCents: number, key: string): Promise<void>;
  /** Where the user manages payment methods and cancellation. */
  portalUrl(userId: string, returnUrl: string): Promise<string>;
  /** Verifies a webhook delivery on its raw body; throws a 400 AppError when the signature or timestamp is wrong. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): Promise<PaymentEvent>;
}

/** Crypto and alternative processors (product.md §8): refused with 410 and a sentence naming what still works. */
export const UNSUPPORTED_PROVIDERS =
  /^(crypto|bitcoin|btc|eth|ethereum|usdt|usdc|coinbase|nowpayments|coinpayments|bitpay|paypal|ccbill|segpay|epoch|verotel|paxum|paysafecard|crypto_.*|pm_crypto.*)$/i;
