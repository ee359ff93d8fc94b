// Stripe (PAYMENTS_MODE=stripe): Checkout Sessions for memberships and coin packs, the Billing Portal, webhooks
// verified on the raw body. Objects are always re-read from Stripe before fulfilment, so events may arrive in any
// order. STRIPE_API_URL points the client at a local server that speaks Stripe's API (tests only).
import type { BillingPeriod, PaidTier } from '@reverie/shared';
import Stripe from 'stripe';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import type { PaymentsRepo } from '../../modules/billing/payments.repo.ts';
import type {
  CheckoutRequest,
  InvoiceKind,
  PaymentEvent,
  PaymentMethodData,
  PaymentsProvider,
  ProviderCheckout,
  ProviderInvoice,
  ProviderSubscription,
} from './payments.ts';
import { CardDeclinedError } from './test-cards.ts';

/** Stripe's signature timestamp tolerance: older deliveries are refused (replay protection). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export interface StripeProviderConfig {
  secretKey: string;
  webhookSecret: string;
  /** `premium_monthly`, `ultimate_yearly`, `pack_1200` → price id; missing entries are sent as inline prices. */
  prices: Record<string, string>;
  apiUrl: string | undefined;
}

type Obj = Record<string, unknown>;
const str = (v: unknown): string | null =>
  typeof v === 'string' ? v : v && typeof v === 'object' && 'id' in v ? String((v as Obj).id) : null;
const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);
const date = (v: unknown): Date | null => (typeof v === 'number' ? new Date(v * 1000) : null);

function card(pm: unknown): PaymentMethodData | null {
  const c = pm && typeof pm === 'object' ? ((pm as Obj).card as Obj | undefined) : undefined;
  if (!c) return null;
  return { brand: String(c.brand ?? 'card'), last4: String(c.last4 ?? ''), expMonth: num(c.exp_month), expYear: num(c.exp_year) };
}

function mapStatus(s: string): ProviderSubscription['status'] {
  if (s === 'active' || s === 'trialing') return 'active';
  if (s === 'past_due' || s === 'unpaid') return 'past_due';
  if (s === 'canceled' || s === 'incomplete_expired') return 'canceled';
  return 'incomplete';
}

export class StripeProvider implements PaymentsProvider {
  readonly mode = 'stripe' as const;
  readonly name = 'payments';
  readonly kind = 'stripe';
  private readonly stripe: Stripe;

  constructor(
    private readonly config: StripeProviderConfig,
    private readonly deps: { uow: UnitOfWork<{ payments: PaymentsRepo }> },
  ) {
    const api = config.apiUrl ? new URL(config.apiUrl) : undefined;
    this.stripe = new Stripe(config.secretKey, {
      maxNetworkRetries: 2,
      timeout: 15_000,
      ...(api
        ? {
            host: api.hostname,
            port: api.port || (api.protocol === 'https:' ? 443 : 80),
            protocol: api.protocol === 'https:' ? 'https' : 'http',
          }
        : {}),
    });
  }

  async health() {
    return { status: 'ok' as const, detail: this.config.secretKey.startsWith('sk_live_') ? 'live' : 'test mode' };
  }

  /** Stripe failures as AppErrors: card errors → 402 CARD_DECLINED, anything else → 503. */
  private async call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof AppError) throw err;
      const e = err as { type?: string; code?: string; decline_code?: string; statusCode?: number };
      if (e.type === 'StripeCardError') throw new CardDeclinedError(e.decline_code ?? e.code ?? 'card_declined');
      if (e.statusCode === 404) return undefined as T;
      throw new AppError(503, 'UNAVAILABLE', 'The payment provider did not answer. Try again in a moment.');
    }
  }

  private async customerFor(userId: string, email: string): Promise<string> {
    const repo = this.deps.uow.repos.payments;
    const existing = await repo.customerId(userId, 'stripe');
    if (existing) return existing;
    const customer = await this.call(() =>
      this.stripe.customers.create({ email, metadata: { userId } }, { idempotencyKey: `customer-${userId}` }),
    );
    await repo.saveCustomer(userId, 'stripe', customer.id);
    return (await repo.customerId(userId, 'stripe')) ?? customer.id;
  }

  private priceKey(plan: PaidTier, period: BillingPeriod) {
    return `${plan}_${period}`;
  }

  async createCheckout(req: CheckoutRequest): Promise<{ id: string; url: string }> {
    const customer = await this.customerFor(req.userId, req.email);
    const metadata: Record<string, string> = { userId: req.userId, kind: req.kind };
    let lineItem: Stripe.Checkout.SessionCreateParams.LineItem;
    if (req.kind === 'subscription') {
      metadata.plan = req.plan!;
      metadata.billingPeriod = req.billingPeriod!;
      const price = this.config.prices[this.priceKey(req.plan!, req.billingPeriod!)];
      lineItem = price
        ? { price, quantity: 1 }
        : {
            quantity: 1,
            price_data: {
              currency: req.currency,
              unit_amount: req.amountCents,
              recurring: { interval: req.billingPeriod === 'yearly' ? 'year' : 'month' },
              product_data: { name: req.description },
            },
          };
    } else {
      metadata.packId = req.pack!.id;
      metadata.coins = String(req.pack!.coins);
      const price = this.config.prices[req.pack!.id];
      lineItem = price
        ? { price, quantity: 1 }
        : { quantity: 1, price_data: { currency: req.currency, unit_amount: req.amountCents, product_data: { name: req.description } } };
    }
    const session = await this.call(() =>
      this.stripe.checkout.sessions.create({
        mode: req.kind === 'subscription' ? 'subscription' : 'payment',
        customer,
        client_reference_id: req.userId,
        line_items: [lineItem],
        success_url: req.successUrl,
        cancel_url: req.cancelUrl,
        metadata,
        ...(req.kind === 'subscription'
          ? { subscription_data: { metadata } }
          : { payment_intent_data: { metadata }, invoice_creation: { enabled: false } }),
      }),
    );
    if (!session.url) throw new AppError(503, 'UNAVAILABLE', 'The payment provider did not return a checkout page.');
    return { id: session.id, url: session.url };
  }

  async retrieveCheckout(id: string): Promise<ProviderCheckout | undefined> {
    const s = (await this.call(() =>
      this.stripe.checkout.sessions.retrieve(id, { expand: ['payment_intent.payment_method'] }),
    )) as unknown as (Stripe.Checkout.Session & Obj) | undefined;
    if (!s) return undefined;
    const md = (s.metadata ?? {}) as Record<string, string>;
    const userId = md.userId ?? s.client_reference_id;
    if (!userId) return undefined;
    const kind = s.mode === 'subscription' ? 'subscription' : 'coin_pack';
    const pi = s.payment_intent as unknown;
    return {
      id: s.id,
      userId,
      kind,
      complete: s.status === 'complete' && (kind === 'subscription' ? Boolean(s.subscription) : s.payment_status === 'paid'),
      amountCents: s.amount_total ?? 0,
      currency: s.currency ?? 'usd',
      packId: md.packId ?? null,
      coins: md.coins ? Number(md.coins) : null,
      plan: (md.plan as PaidTier | undefined) ?? null,
      billingPeriod: (md.billingPeriod as BillingPeriod | undefined) ?? null,
      subscriptionId: str(s.subscription),
      invoiceId: str(s.invoice),
      paymentRef: str(pi),
      paymentMethod: pi && typeof pi === 'object' ? card((pi as Obj).payment_method) : null,
      createdAt: date(s.created) ?? new Date(),
    };
  }

  async retrieveSubscription(id: string): Promise<ProviderSubscription | undefined> {
    const s = (await this.call(() => this.stripe.subscriptions.retrieve(id, { expand: ['default_payment_method'] }))) as unknown as
      (Stripe.Subscription & Obj) | undefined;
    if (!s) return undefined;
    const md = (s.metadata ?? {}) as Record<string, string>;
    const item = s.items?.data?.[0] as (Stripe.SubscriptionItem & Obj) | undefined;
    const userId = md.userId ?? (await this.deps.uow.repos.payments.userByCustomer(str(s.customer) ?? ''));
    if (!userId) return undefined;
    const priceId = item?.price?.id;
    const fromPrice = Object.entries(this.config.prices)
      .find(([, v]) => v === priceId)?.[0]
      ?.split('_');
    const plan = (fromPrice?.[0] ?? md.plan) as PaidTier;
    const interval = item?.price?.recurring?.interval;
    const billingPeriod = (fromPrice?.[1] ??
      (interval === 'year' ? 'yearly' : interval === 'month' ? 'monthly' : md.billingPeriod)) as BillingPeriod;
    const start = date(item?.current_period_start ?? s.current_period_start) ?? new Date();
    const end = date(item?.current_period_end ?? s.current_period_end) ?? start;
    return {
      id: s.id,
      userId,
      plan,
      billingPeriod,
      status: mapStatus(s.status),
      currentPeriodStart: start,
      currentPeriodEnd: end,
      cancelAtPeriodEnd: Boolean(s.cancel_at_period_end),
      canceledAt: date(s.canceled_at),
      endedAt: date(s.ended_at),
      scheduledChange: null,
      paymentMethod: card(s.default_payment_method),
      checkoutSessionId: null,
      createdAt: date(s.created) ?? start,
    };
  }

  async retrieveInvoice(id: string): Promise<ProviderInvoice | undefined> {
    const i = (await this.call(() => this.stripe.invoices.retrieve(id))) as unknown as (Stripe.Invoice & Obj) | undefined;
    return i && this.toInvoice(i);
  }

  async paidInvoicesOf(subscriptionId: string): Promise<ProviderInvoice[]> {
    const list = await this.call(() => this.stripe.invoices.list({ subscription: subscriptionId, status: 'paid', limit: 20 }));
    const out: ProviderInvoice[] = [];
    for (const i of list?.data ?? []) {
      const invoice = await this.toInvoice(i as unknown as Stripe.Invoice & Obj);
      if (invoice) out.push(invoice);
    }
    return out;
  }

  async refund(paymentRef: string, amountCents: number, key: string): Promise<void> {
    await this.call(() => this.stripe.refunds.create({ payment_intent: paymentRef, amount: amountCents }, { idempotencyKey: key }));
  }

  private async toInvoice(i: Stripe.Invoice & Obj): Promise<ProviderInvoice | undefined> {
    const customer = str(i.customer);
    const parent = i.parent as { subscription_details?: { subscription?: unknown; metadata?: Record<string, string> } } | null;
    const userId =
      parent?.subscription_details?.metadata?.userId ??
      (customer ? await this.deps.uow.repos.payments.userByCustomer(customer) : undefined);
    if (!userId) return undefined;
    const reason = i.billing_reason as string | undefined;
    const kind: InvoiceKind = reason === 'subscription_cycle' ? 'renewal' : reason === 'subscription_update' ? 'proration' : 'subscription';
    const line = (i.lines?.data?.[0] ?? undefined) as { period?: { start?: number; end?: number }; description?: string } | undefined;
    return {
      id: i.id!,
      userId,
      subscriptionId: str(parent?.subscription_details?.subscription ?? i.subscription),
      checkoutSessionId: null,
      number: i.number ?? i.id!,
      status: i.status === 'paid' ? 'paid' : i.status === 'void' ? 'void' : 'open',
      kind,
      description: line?.description ?? i.description ?? 'Membership',
      amountCents: i.amount_paid ?? i.total ?? 0,
      currency: i.currency ?? 'usd',
      coins: 0,
      paymentRef: str(i.payment_intent) ?? str(i.charge),
      periodStart: date(line?.period?.start ?? i.period_start),
      periodEnd: date(line?.period?.end ?? i.period_end),
      paymentMethod: null,
      hostedUrl: i.hosted_invoice_url ?? null,
      createdAt: date(i.created) ?? new Date(),
    };
  }

  async changePlan(
    subscriptionId: string,
    change: { plan: PaidTier; billingPeriod: BillingPeriod; effective: 'now' | 'period_end' },
  ): Promise<void> {
    const price = this.config.prices[this.priceKey(change.plan, change.billingPeriod)];
    if (!price) {
      throw new AppError(
        503,
        'NOT_CONFIGURED',
        `Plan changes need a Stripe price id for ${change.plan} ${change.billingPeriod} (STRIPE_PRICES).`,
      );
    }
    const sub = await this.call(() => this.stripe.subscriptions.retrieve(subscriptionId));
    if (!sub) throw AppError.notFound('Subscription');
    const itemId = sub.items.data[0]?.id;
    await this.call(() =>
      this.stripe.subscriptions.update(subscriptionId, {
        items: [{ id: itemId, price }],
        // Upgrades are invoiced now with Stripe's proration; downgrades take effect without a refund.
        proration_behavior: change.effective === 'now' ? 'always_invoice' : 'none',
        payment_behavior: 'error_if_incomplete',
        cancel_at_period_end: false,
        metadata: { ...sub.metadata, plan: change.plan, billingPeriod: change.billingPeriod },
      }),
    );
  }

  async cancel(subscriptionId: string, opts: { atPeriodEnd: boolean }): Promise<void> {
    await this.call(() =>
      opts.atPeriodEnd
        ? this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true })
        : this.stripe.subscriptions.cancel(subscriptionId),
    );
  }

  async resume(subscriptionId: string): Promise<void> {
    await this.call(() => this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: false }));
  }

  async portalUrl(userId: string, returnUrl: string): Promise<string> {
    const customer = await this.deps.uow.repos.payments.customerId(userId, 'stripe');
    if (!customer) throw AppError.conflict('There is no billing account yet: buy a membership or coins first.');
    const session = await this.call(() => this.stripe.billingPortal.sessions.create({ customer, return_url: returnUrl }));
    return session.url;
  }

  async parseWebhook(rawBody: Buffer, signature: string | undefined): Promise<PaymentEvent> {
    if (!signature) throw AppError.badRequest('Missing Stripe-Signature header');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature, this.config.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
    } catch (err) {
      const msg = err instanceof Error ? err.message : '';
      throw AppError.badRequest(/tolerance/i.test(msg) ? 'Webhook timestamp is too old' : 'Webhook signature verification failed');
    }
    return toPaymentEvent(event);
  }
}

/** Stripe's event types → what fulfilment acts on. */
export function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  const o = event.data.object as unknown as Obj;
  const id = event.id;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return { id, type: 'checkout.completed', checkoutSessionId: String(o.id) };
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return { id, type: 'subscription.changed', subscriptionId: String(o.id) };
    case 'invoice.paid':
    case 'invoice.payment_succeeded':
      return { id, type: 'invoice.paid', invoiceId: String(o.id) };
    case 'charge.refunded':
      return {
        id,
        type: 'payment.refunded',
        paymentRef: str(o.payment_intent) ?? String(o.id),
        refundedCents: num(o.amount_refunded) ?? 0,
      };
    case 'charge.dispute.created':
      return { id, type: 'dispute.opened', paymentRef: str(o.payment_intent) ?? str(o.charge) ?? '', disputeId: String(o.id) };
    case 'charge.dispute.closed':
      return {
        id,
        type: 'dispute.closed',
        paymentRef: str(o.payment_intent) ?? str(o.charge) ?? '',
        disputeId: String(o.id),
        won: o.status === 'won',
      };
    default:
      return { id, type: 'ignored', providerType: event.type };
  }
}
