// The one place payments turn into coins, memberships and invoices. Sandbox and Stripe events both land here.
// Exactly-once: each event id is recorded in the same transaction as its effects (a replay, or a redelivery after a
// crash that happened after the commit, finds it and does nothing), and every ledger movement has a key derived from
// the payment itself (`coin_pack:<checkout session>`), so two different events about one payment credit once.
// Order-independence: events only name objects; their current state is fetched from the provider.
// One live membership per account: memberships of an account are mirrored one at a time (its row locked), and one
// that would be a second live membership (two checkouts paid before either was fulfilled) is cancelled at the
// provider and its payments refunded, whichever of its events arrives first; the database refuses a second anyway.
import type { FastifyBaseLogger } from 'fastify';
import type { Tier } from '@reverie/shared';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { Clock } from '../../lib/clock.ts';
import type {
  PaymentEvent,
  PaymentsProvider,
  ProviderCheckout,
  ProviderInvoice,
  ProviderSubscription,
} from '../../providers/payments/payments.ts';
import type { LedgerRepo } from './ledger.repo.ts';
import type { LedgerService } from './ledger.service.ts';
import { tierOf } from './entitlements.service.ts';
import type { PaymentsRepo, SubscriptionRow } from './payments.repo.ts';

/** What fulfilment reports after a commit (payment-announcer.ts turns it into notifications). */
export interface BillingAnnouncer {
  afterEvent(event: PaymentEvent, prepared: Prepared, before: SubscriptionRow | undefined): void;
}

export interface Prepared {
  checkout?: ProviderCheckout;
  subscription?: ProviderSubscription;
  invoice?: ProviderInvoice;
}

type Repos = { payments: PaymentsRepo; ledger: LedgerRepo };

/** Thrown inside the transaction: mirroring this membership would give its account a second live one. */
class SecondMembership extends Error {
  constructor(readonly subscriptionId: string) {
    super(`subscription ${subscriptionId} would be a second live membership`);
  }
}

const isLive = (s: { status: string; endedAt: Date | null }) => !s.endedAt && (s.status === 'active' || s.status === 'past_due');

export class FulfilmentService {
  constructor(
    private readonly deps: {
      uow: UnitOfWork<Repos>;
      ledger: LedgerService;
      provider: PaymentsProvider;
      clock: Clock;
      log: FastifyBaseLogger;
      /** Tells the account about payments and membership changes, once they are committed (notifications). */
      announcer?: BillingAnnouncer;
    },
  ) {}

  /** Processes one event; `duplicate` when its id was already processed (nothing done). */
  async handle(event: PaymentEvent): Promise<{ duplicate: boolean }> {
    try {
      return await this.handleOnce(event);
    } catch (err) {
      if (!(err instanceof SecondMembership)) throw err;
      // Ended at the provider, the membership is mirrored as it now is: cancelled.
      await this.endSecondMembership(err.subscriptionId);
      return this.handleOnce(event);
    }
  }

  /**
   * A membership its account already has another live one beside: cancelled at once at the provider, and every
   * payment made for it refunded (and recorded as refunded here). Idempotent: the provider's refunds are keyed.
   */
  private async endSecondMembership(subscriptionId: string): Promise<void> {
    const { provider, log } = this.deps;
    const sub = await provider.retrieveSubscription(subscriptionId);
    if (sub && isLive(sub)) await provider.cancel(subscriptionId, { atPeriodEnd: false });
    for (const invoice of await provider.paidInvoicesOf(subscriptionId)) {
      if (!invoice.paymentRef) {
        log.error({ subscriptionId, invoiceId: invoice.id }, 'a second membership was paid without a payment reference: refund it by hand');
        continue;
      }
      await provider.refund(invoice.paymentRef, invoice.amountCents, `second-membership:${invoice.id}`);
      await this.deps.uow.run(async (repos) => {
        await this.mirrorInvoice(invoice, repos);
        await repos.payments.setInvoiceRefund(invoice.id, invoice.amountCents, 'refunded');
      });
    }
    log.warn({ subscriptionId, userId: sub?.userId }, 'a second membership was cancelled and refunded');
  }

  private async handleOnce(event: PaymentEvent): Promise<{ duplicate: boolean }> {
    // Network reads first, outside the transaction.
    const prepared = await this.prepare(event);
    const before = prepared.subscription ? await this.deps.uow.repos.payments.subscription(prepared.subscription.id) : undefined;
    const result = await this.deps.uow.run(async (repos) => {
      const fresh = await repos.payments.markEventProcessed(event.id, this.deps.provider.mode, event.type);
      if (!fresh) return { duplicate: true };
      await this.apply(event, prepared, repos);
      return { duplicate: false };
    });
    if (!result.duplicate) this.deps.announcer?.afterEvent(event, prepared, before);
    return result;
  }

  /** Re-reads a membership from the provider and mirrors it (after our own API calls; not an event). */
  async syncSubscription(subscriptionId: string): Promise<void> {
    const subscription = await this.deps.provider.retrieveSubscription(subscriptionId);
    if (!subscription) return;
    const before = await this.deps.uow.repos.payments.subscription(subscriptionId);
    await this.deps.uow.run((repos) => this.mirrorSubscription(subscription, undefined, repos));
    this.deps.announcer?.afterEvent(
      { id: `sync_${subscriptionId}`, type: 'subscription.changed', subscriptionId },
      { subscription },
      before,
    );
  }

  private async prepare(event: PaymentEvent): Promise<Prepared> {
    const p = this.deps.provider;
    switch (event.type) {
      case 'checkout.completed': {
        const checkout = await p.retrieveCheckout(event.checkoutSessionId);
        if (!checkout?.complete) return { checkout };
        const subscription = checkout.subscriptionId ? await p.retrieveSubscription(checkout.subscriptionId) : undefined;
        const invoice = checkout.invoiceId ? await p.retrieveInvoice(checkout.invoiceId) : undefined;
        return { checkout, subscription, invoice };
      }
      case 'subscription.changed':
        return { subscription: await p.retrieveSubscription(event.subscriptionId) };
      case 'invoice.paid': {
        const invoice = await p.retrieveInvoice(event.invoiceId);
        const subscription = invoice?.subscriptionId ? await p.retrieveSubscription(invoice.subscriptionId) : undefined;
        return { invoice, subscription };
      }
      default:
        return {};
    }
  }

  private async apply(event: PaymentEvent, prepared: Prepared, repos: Repos): Promise<void> {
    switch (event.type) {
      case 'checkout.completed':
        return this.onCheckout(prepared, repos);
      case 'subscription.changed':
      case 'invoice.paid':
        if (prepared.subscription) await this.mirrorSubscription(prepared.subscription, undefined, repos);
        if (prepared.invoice) await this.mirrorInvoice(prepared.invoice, repos);
        return;
      case 'payment.refunded':
        return this.onRefund(event.paymentRef, event.refundedCents, repos);
      case 'dispute.opened':
        return this.onDisputeOpened(event.paymentRef, event.disputeId, repos);
      case 'dispute.closed':
        return this.onDisputeClosed(event.disputeId, event.won, repos);
      case 'ignored':
        return;
    }
  }

  private async onCheckout({ checkout, subscription, invoice }: Prepared, repos: Repos): Promise<void> {
    if (!checkout?.complete) return;
    if (checkout.kind === 'coin_pack') {
      const coins = checkout.coins ?? 0;
      await this.mirrorInvoice(
        invoice ?? {
          id: checkout.id,
          userId: checkout.userId,
          subscriptionId: null,
          checkoutSessionId: checkout.id,
          number: checkout.id.slice(-12).toUpperCase(),
          status: 'paid',
          kind: 'coin_pack',
          description: `${coins} coins`,
          amountCents: checkout.amountCents,
          currency: checkout.currency,
          coins,
          paymentRef: checkout.paymentRef,
          periodStart: null,
          periodEnd: null,
          paymentMethod: checkout.paymentMethod,
          hostedUrl: null,
          createdAt: checkout.createdAt,
        },
        repos,
        { coins, checkoutSessionId: checkout.id, paymentRef: checkout.paymentRef },
      );
      if (coins > 0) {
        await this.deps.ledger.credit({
          userId: checkout.userId,
          amount: coins,
          reason: 'coin_pack',
          reference: checkout.packId ?? checkout.id,
          idempotencyKey: `coin_pack:${checkout.id}`,
        });
      }
      return;
    }
    if (subscription) await this.mirrorSubscription(subscription, checkout.id, repos);
    if (invoice) await this.mirrorInvoice({ ...invoice, checkoutSessionId: invoice.checkoutSessionId ?? checkout.id }, repos);
  }

  private async mirrorSubscription(s: ProviderSubscription, checkoutSessionId: string | undefined, repos: Repos): Promise<void> {
    await repos.payments.lockAccount(s.userId);
    if (isLive(s)) {
      const other = await repos.payments.liveSubscriptionOf(s.userId, s.id);
      if (other) {
        if (tierOf(other, this.deps.clock.now()) !== 'free') throw new SecondMembership(s.id);
        // It ended by the clock (cancelled at a period end now past): ended here before the provider says so.
        await repos.payments.endLapsed(other.id);
      }
    }
    const existing = await repos.payments.subscription(s.id);
    await repos.payments.upsertSubscription({
      id: s.id,
      userId: s.userId,
      provider: this.deps.provider.mode,
      plan: s.plan,
      billingPeriod: s.billingPeriod,
      status: s.status,
      currentPeriodStart: s.currentPeriodStart,
      currentPeriodEnd: s.currentPeriodEnd,
      cancelAtPeriodEnd: s.cancelAtPeriodEnd,
      canceledAt: s.canceledAt,
      endedAt: s.endedAt,
      scheduledPlan: s.scheduledChange?.plan ?? null,
      scheduledBillingPeriod: s.scheduledChange?.billingPeriod ?? null,
      paymentMethod: s.paymentMethod ?? existing?.paymentMethod ?? null,
      anchorAt: existing?.anchorAt ?? s.createdAt,
      checkoutSessionId: existing?.checkoutSessionId ?? s.checkoutSessionId ?? checkoutSessionId ?? null,
      createdAt: s.createdAt,
    });
    await this.syncTier(s.userId, repos);
  }

  /** users.tier follows the newest membership (other modules read it from the user row). */
  async syncTier(userId: string, repos: Repos): Promise<Tier> {
    const tier = tierOf(await repos.payments.latestSubscriptionOf(userId), this.deps.clock.now());
    await repos.payments.setUserTier(userId, tier);
    return tier;
  }

  private async mirrorInvoice(
    i: ProviderInvoice,
    repos: Repos,
    extra: { coins?: number; checkoutSessionId?: string; paymentRef?: string | null } = {},
  ): Promise<void> {
    await repos.payments.upsertInvoice({
      id: i.id,
      userId: i.userId,
      provider: this.deps.provider.mode,
      subscriptionId: i.subscriptionId,
      checkoutSessionId: extra.checkoutSessionId ?? i.checkoutSessionId,
      number: i.number,
      status: i.status,
      kind: i.kind,
      description: i.description,
      amountCents: i.amountCents,
      currency: i.currency,
      coins: extra.coins ?? i.coins,
      paymentRef: extra.paymentRef ?? i.paymentRef,
      periodStart: i.periodStart,
      periodEnd: i.periodEnd,
      paymentMethod: i.paymentMethod,
      hostedUrl: i.hostedUrl,
      createdAt: i.createdAt,
    });
  }

  /** Coins this payment still carries once `refundedCents` of it is refunded. */
  private static coinsKept(coins: number, amountCents: number, refundedCents: number): number {
    if (amountCents <= 0) return 0;
    return coins - Math.floor((coins * Math.min(refundedCents, amountCents)) / amountCents);
  }

  /**
   * Takes back the refunded share of a coin pack. Refund events carry the cumulative refunded amount, so an older
   * event arriving after a newer one changes nothing. The balance never goes below zero: coins already spent are
   * not clawed back (logged).
   */
  private async onRefund(paymentRef: string, refundedCents: number, repos: Repos): Promise<void> {
    const inv = await repos.payments.invoiceByPaymentRef(paymentRef);
    if (!inv || refundedCents <= inv.refundedCents) return;
    const due =
      FulfilmentService.coinsKept(inv.coins, inv.amountCents, inv.refundedCents) -
      FulfilmentService.coinsKept(inv.coins, inv.amountCents, refundedCents);
    await repos.payments.setInvoiceRefund(inv.id, refundedCents, refundedCents >= inv.amountCents ? 'refunded' : inv.status);
    await this.takeBack(inv.userId, due, 'refund', `refund:${paymentRef}:${refundedCents}`, paymentRef, repos);
  }

  private async onDisputeOpened(paymentRef: string, disputeId: string, repos: Repos): Promise<void> {
    const inv = await repos.payments.invoiceByPaymentRef(paymentRef);
    if (!inv) return;
    const due = FulfilmentService.coinsKept(inv.coins, inv.amountCents, inv.refundedCents);
    await this.takeBack(inv.userId, due, 'dispute', `dispute:${disputeId}`, paymentRef, repos);
  }

  private async onDisputeClosed(disputeId: string, won: boolean, repos: Repos): Promise<void> {
    if (!won) return;
    const taken = await repos.ledger.entry(`dispute:${disputeId}`);
    if (!taken || taken.delta >= 0) return;
    await this.deps.ledger.credit({
      userId: taken.userId,
      amount: -taken.delta,
      reason: 'dispute_won',
      reference: taken.reference ?? undefined,
      idempotencyKey: `dispute-won:${disputeId}`,
    });
  }

  private async takeBack(userId: string, due: number, reason: string, key: string, reference: string, repos: Repos) {
    if (due <= 0) return;
    const balance = (await repos.ledger.balanceOf(userId)) ?? 0;
    const amount = Math.min(due, balance);
    if (amount < due) this.deps.log.warn({ userId, due, balance, reference }, 'coins already spent; taking back what is left');
    if (amount > 0) await this.deps.ledger.debit({ userId, amount, reason, reference, idempotencyKey: key });
  }
}
