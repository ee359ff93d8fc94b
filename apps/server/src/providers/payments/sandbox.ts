// The sandbox: a card processor in test mode that lives in this server (PAYMENTS_MODE=sandbox, the default). It
// keeps its own objects (checkout sessions, subscriptions, invoices, events) like Stripe does on its side, charges
// Stripe's test cards, renews on a clock, and reports everything as events to the same fulfilment service that
// Stripe's webhooks feed. No money moves.
import type { BillingPeriod, CheckoutSessionStatus, PaidTier } from '@reverie/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
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
import { SandboxBooks } from './sandbox-books.ts';
import {
  closedCheckoutMessage,
  iso,
  newSubscription,
  openSession,
  periodEnd,
  providerCheckout,
  providerInvoice,
  providerSubscription,
  sandboxId,
  type SandboxInvoice,
  type SandboxSession,
  type SandboxSubscription,
} from './sandbox-objects.ts';
import { renewDue, type PriceOf, type RenewalSummary } from './sandbox-renewals.ts';
import type { SandboxRepo } from './sandbox.repo.ts';
import { CardDeclinedError, resolveTestCard, type CardBehaviour, type CardInput } from './test-cards.ts';

export { periodEnd, type SandboxSession } from './sandbox-objects.ts';
export type { PriceOf, RenewalSummary } from './sandbox-renewals.ts';

export class SandboxProcessor implements PaymentsProvider {
  readonly mode = 'sandbox' as const;
  readonly name = 'payments';
  readonly kind = 'sandbox';
  readonly sandbox = this;
  private listener: ((e: PaymentEvent) => Promise<unknown>) | undefined;
  /** Invoices and events, written in the transaction of the change they record. */
  private readonly books: SandboxBooks;

  constructor(
    private readonly deps: {
      uow: UnitOfWork<{ sandbox: SandboxRepo }>;
      clock: Clock;
      priceOf: PriceOf;
      log: FastifyBaseLogger;
    },
  ) {
    this.books = new SandboxBooks(deps.clock);
  }

  /** Where events go (the fulfilment service); set once by the billing module. */
  onEvent(listener: (e: PaymentEvent) => Promise<unknown>): void {
    this.listener = listener;
  }

  async health() {
    return { status: 'ok' as const, detail: 'test mode: no real money moves' };
  }

  private get now() {
    return this.deps.clock.now();
  }

  async createCheckout(req: CheckoutRequest): Promise<{ id: string; url: string }> {
    const sessionId = sandboxId('cs');
    const session = openSession(sessionId, req, this.now);
    await this.deps.uow.repos.sandbox.put(sessionId, 'checkout_session', req.userId, session);
    return { id: sessionId, url: `/sandbox/checkout/${sessionId}` };
  }

  /** The caller's session as the checkout page shows it; another user's id answers 404 like a missing one. */
  async session(sessionId: string, userId: string): Promise<SandboxSession> {
    const s = await this.deps.uow.repos.sandbox.get<SandboxSession>(sessionId, 'checkout_session');
    if (!s || s.userId !== userId) throw AppError.notFound('Checkout session');
    return this.withExpiry(s);
  }

  private withExpiry(s: SandboxSession): SandboxSession {
    if ((s.status === 'open' || s.status === 'requires_action') && new Date(s.expiresAt) <= this.now) return { ...s, status: 'expired' };
    return s;
  }

  /** Pays a session with a test method or card: completes it, asks for confirmation, or throws CARD_DECLINED. */
  async confirm(sessionId: string, userId: string, input: CardInput): Promise<SandboxSession> {
    const card = resolveTestCard(input, this.now);
    return this.transition(sessionId, userId, ['open', 'requires_action'], async (s, sandbox) => {
      if (card.behaviour === 'decline') {
        const err = new CardDeclinedError(card.declineCode ?? 'card_declined');
        return { session: { ...s, status: 'open', lastError: err.message, pending: null }, error: err };
      }
      if (card.behaviour === 'requires_action') {
        return { session: { ...s, status: 'requires_action', lastError: null, pending: { behaviour: 'succeed', card: card.card } } };
      }
      return { session: await this.complete(s, card.card, card.behaviour, sandbox) };
    });
  }

  /** The confirmation step: approve completes the payment; refusing reopens the session with a decline. */
  async authenticate(sessionId: string, userId: string, approve: boolean): Promise<SandboxSession> {
    return this.transition(sessionId, userId, ['requires_action'], async (s, sandbox) => {
      if (!approve || !s.pending) {
        const err = new CardDeclinedError('authentication_failed');
        return { session: { ...s, status: 'open', pending: null, lastError: err.message }, error: err };
      }
      return { session: await this.complete(s, s.pending.card, s.pending.behaviour, sandbox) };
    });
  }

  async cancelCheckout(sessionId: string, userId: string): Promise<SandboxSession> {
    return this.transition(sessionId, userId, ['open', 'requires_action'], async (s) => ({
      session: { ...s, status: 'canceled', pending: null },
    }));
  }

  /**
   * Runs one state change of a session under a row lock, commits it (a decline is remembered too), then delivers
   * the events it produced and throws the decline, if any.
   */
  private async transition(
    sessionId: string,
    userId: string,
    from: CheckoutSessionStatus[],
    fn: (s: SandboxSession, sandbox: SandboxRepo) => Promise<{ session: SandboxSession; error?: AppError }>,
  ): Promise<SandboxSession> {
    const { session, error } = await this.deps.uow.run(async ({ sandbox }) => {
      const stored = await sandbox.get<SandboxSession>(sessionId, 'checkout_session', { forUpdate: true });
      if (!stored || stored.userId !== userId) throw AppError.notFound('Checkout session');
      const s = this.withExpiry(stored);
      if (!from.includes(s.status)) throw AppError.conflict(closedCheckoutMessage(s.status));
      const out = await fn(s, sandbox);
      await sandbox.put(sessionId, 'checkout_session', userId, out.session);
      return out;
    });
    await this.deliverPending();
    if (error) throw error;
    return session;
  }

  private async complete(
    s: SandboxSession,
    card: PaymentMethodData,
    behaviour: CardBehaviour,
    sandbox: SandboxRepo,
  ): Promise<SandboxSession> {
    const now = this.now;
    const paymentRef = sandboxId('pi');
    if (s.kind === 'coin_pack') {
      const invoice = await this.books.invoice(sandbox, {
        userId: s.userId,
        subscriptionId: null,
        checkoutSessionId: s.id,
        kind: 'coin_pack',
        description: s.description,
        amountCents: s.amountCents,
        currency: s.currency,
        coins: s.coins ?? 0,
        paymentRef,
        periodStart: null,
        periodEnd: null,
        paymentMethod: card,
      });
      await this.books.emit(sandbox, { type: 'checkout.completed', checkoutSessionId: s.id });
      return { ...s, status: 'complete', pending: null, lastError: null, paymentMethod: card, invoiceId: invoice.id, paymentRef };
    }
    // Two checkouts paid at the same moment: the second waits here and finds the first's membership.
    await sandbox.lockCustomer(s.userId);
    const existing = (await sandbox.listByType<SandboxSubscription>('subscription', s.userId)).find((x) => x.status !== 'canceled');
    if (existing) throw AppError.conflict('You already have a membership. Change plans from Manage membership.');
    const sub = newSubscription(s, card, behaviour, now);
    await sandbox.put(sub.id, 'subscription', s.userId, sub);
    const invoice = await this.books.invoice(sandbox, {
      userId: s.userId,
      subscriptionId: sub.id,
      checkoutSessionId: s.id,
      kind: 'subscription',
      description: s.description,
      amountCents: s.amountCents,
      currency: s.currency,
      coins: 0,
      paymentRef,
      periodStart: sub.currentPeriodStart,
      periodEnd: sub.currentPeriodEnd,
      paymentMethod: card,
    });
    await this.books.emit(sandbox, { type: 'checkout.completed', checkoutSessionId: s.id });
    await this.books.emit(sandbox, { type: 'invoice.paid', invoiceId: invoice.id });
    return {
      ...s,
      status: 'complete',
      pending: null,
      lastError: null,
      paymentMethod: card,
      subscriptionId: sub.id,
      invoiceId: invoice.id,
      paymentRef,
    };
  }

  /** Delivers undelivered events in order; one that fails stays pending and is retried on the next call. */
  async deliverPending(): Promise<{ delivered: number; failed: number }> {
    let delivered = 0;
    let failed = 0;
    const events = await this.deps.uow.repos.sandbox.pendingEvents<PaymentEvent & { seq?: number }>(500);
    for (const { seq: _seq, ...event } of events) {
      try {
        await this.listener?.(event as PaymentEvent);
        await this.deps.uow.repos.sandbox.markDelivered(event.id);
        delivered += 1;
      } catch (err) {
        failed += 1;
        this.deps.log.warn({ err, eventId: event.id }, 'sandbox payment event not delivered; it stays pending');
      }
    }
    return { delivered, failed };
  }

  async retrieveCheckout(sessionId: string): Promise<ProviderCheckout | undefined> {
    const s = await this.deps.uow.repos.sandbox.get<SandboxSession>(sessionId, 'checkout_session');
    return s && providerCheckout(s);
  }

  async retrieveSubscription(subId: string): Promise<ProviderSubscription | undefined> {
    const s = await this.deps.uow.repos.sandbox.get<SandboxSubscription>(subId, 'subscription');
    return s && providerSubscription(s);
  }

  async retrieveInvoice(invoiceId: string): Promise<ProviderInvoice | undefined> {
    const i = await this.deps.uow.repos.sandbox.get<SandboxInvoice>(invoiceId, 'invoice');
    return i && providerInvoice(i);
  }

  async paidInvoicesOf(subId: string): Promise<ProviderInvoice[]> {
    const sub = await this.retrieveSubscription(subId);
    if (!sub) return [];
    const all = await this.deps.uow.repos.sandbox.listByType<SandboxInvoice>('invoice', sub.userId);
    return all.filter((i) => i.subscriptionId === subId && i.status === 'paid').map(providerInvoice);
  }

  /** Runs fn on one subscription under a lock, then delivers the events. */
  private async mutateSubscription(
    subId: string,
    fn: (s: SandboxSubscription, sandbox: SandboxRepo) => Promise<SandboxSubscription>,
  ): Promise<void> {
    await this.deps.uow.run(async ({ sandbox }) => {
      const s = await sandbox.get<SandboxSubscription>(subId, 'subscription', { forUpdate: true });
      if (!s) throw AppError.notFound('Subscription');
      const next = await fn(s, sandbox);
      await sandbox.put(subId, 'subscription', s.userId, next);
      await this.books.emit(sandbox, { type: 'subscription.changed', subscriptionId: subId });
    });
    await this.deliverPending();
  }

  async changePlan(
    subId: string,
    change: { plan: PaidTier; billingPeriod: BillingPeriod; effective: 'now' | 'period_end' },
    prorationCents: number,
  ): Promise<void> {
    await this.mutateSubscription(subId, async (s, sandbox) => {
      if (s.status === 'canceled') throw AppError.conflict('This membership has ended. Start a new one from the plans page.');
      if (change.effective === 'period_end') return { ...s, scheduledChange: { plan: change.plan, billingPeriod: change.billingPeriod } };
      if (s.behaviour === 'fail_later') throw new CardDeclinedError('card_declined');
      const now = this.now;
      const periodChanged = change.billingPeriod !== s.billingPeriod;
      const next: SandboxSubscription = {
        ...s,
        plan: change.plan,
        billingPeriod: change.billingPeriod,
        status: 'active',
        scheduledChange: null,
        cancelAtPeriodEnd: false,
        canceledAt: null,
        ...(periodChanged ? { currentPeriodStart: iso(now), currentPeriodEnd: iso(periodEnd(now, change.billingPeriod)) } : {}),
      };
      if (prorationCents > 0) {
        const price = this.deps.priceOf(change.plan, change.billingPeriod);
        const inv = await this.books.invoice(sandbox, {
          userId: s.userId,
          subscriptionId: s.id,
          checkoutSessionId: null,
          kind: 'proration' satisfies InvoiceKind,
          description: `Change to ${price.name} (${change.billingPeriod}), rest of the current period`,
          amountCents: prorationCents,
          currency: price.currency,
          coins: 0,
          paymentRef: sandboxId('pi'),
          periodStart: iso(now),
          periodEnd: next.currentPeriodEnd,
          paymentMethod: s.paymentMethod,
        });
        await this.books.emit(sandbox, { type: 'invoice.paid', invoiceId: inv.id });
      }
      return next;
    });
  }

  async cancel(subId: string, opts: { atPeriodEnd: boolean }): Promise<void> {
    await this.mutateSubscription(subId, async (s) => {
      if (s.status === 'canceled') throw AppError.conflict('This membership has already ended.');
      const now = iso(this.now);
      return opts.atPeriodEnd
        ? { ...s, cancelAtPeriodEnd: true, canceledAt: now, scheduledChange: null }
        : { ...s, status: 'canceled', cancelAtPeriodEnd: false, canceledAt: now, endedAt: now, scheduledChange: null };
    });
  }

  async resume(subId: string): Promise<void> {
    await this.mutateSubscription(subId, async (s) => {
      if (s.status === 'canceled') throw AppError.conflict('This membership has ended. Start a new one from the plans page.');
      if (!s.cancelAtPeriodEnd) throw AppError.conflict('This membership is not set to end.');
      return { ...s, cancelAtPeriodEnd: false, canceledAt: null };
    });
  }

  /** Replaces the card renewals are charged to (a declining test card is refused with 402). */
  async updatePaymentMethod(subId: string, input: CardInput): Promise<PaymentMethodData> {
    const card = resolveTestCard(input, this.now);
    if (card.behaviour === 'decline') throw new CardDeclinedError(card.declineCode ?? 'card_declined');
    await this.mutateSubscription(subId, async (s) => {
      if (s.status === 'canceled') throw AppError.conflict('This membership has ended.');
      return { ...s, paymentMethod: card.card, behaviour: card.behaviour === 'fail_later' ? 'fail_later' : 'succeed', status: 'active' };
    });
    return card.card;
  }

  async portalUrl(): Promise<string> {
    return '/subscription/manage';
  }

  async parseWebhook(): Promise<PaymentEvent> {
    throw AppError.notFound('Route');
  }

  /**
   * Everything due by the clock: memberships whose period ended renew (charging the saved card, applying a
   * scheduled change), end (cancelled at period end) or fall past due (declined renewal). Then delivers events.
   */
  async runDue(): Promise<RenewalSummary> {
    const now = this.now;
    const summary: RenewalSummary = { renewed: 0, ended: 0, failed: 0, changed: 0 };
    const subs = await this.deps.uow.repos.sandbox.listByType<SandboxSubscription>('subscription');
    for (const candidate of subs) {
      if (candidate.status === 'canceled' || new Date(candidate.currentPeriodEnd) > now) continue;
      await this.deps.uow.run(({ sandbox }) =>
        renewDue(sandbox, candidate.id, now, { books: this.books, priceOf: this.deps.priceOf }, summary),
      );
    }
    await this.deliverPending();
    return summary;
  }

  /** A refund of a sandbox payment (cumulative cents), reported like Stripe's charge.refunded (also a test hook). */
  async refund(paymentRef: string, refundedCents: number): Promise<void> {
    await this.deps.uow.run(({ sandbox }) => this.books.emit(sandbox, { type: 'payment.refunded', paymentRef, refundedCents }));
    await this.deliverPending();
  }
}
