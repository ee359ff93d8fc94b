// Payment and membership notifications: after fulfilment commits an event, compare the membership before and after
// and tell the account what changed (coins added, membership started / renewed / changed / ending / ended, a
// failed renewal, refunds and disputes), and that a new month's coins are ready. Runs after the reply.
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { BackgroundTasks } from '../../lib/background.ts';
import type { PaymentEvent, ProviderSubscription } from '../../providers/payments/payments.ts';
import type { LedgerRepo } from './ledger.repo.ts';
import type { Plans } from './catalog.ts';
import type { BillingAnnouncer, Prepared } from './fulfilment.service.ts';
import type { PaymentsRepo, SubscriptionRow } from './payments.repo.ts';

type NotificationData = Record<string, string | number | boolean | null>;

/** What the announcer sends (the notifications service's `notify`, kept as a function to avoid a module cycle). */
export type Notify = (
  userId: string,
  input: { kind: 'payment' | 'membership'; data: NotificationData; link: string; dedupeKey?: string },
) => Promise<unknown>;

const live = (s: { status: string; endedAt: Date | null }) => !s.endedAt && (s.status === 'active' || s.status === 'past_due');

/** The change a membership went through, in the words notifications.text.ts knows. */
export function membershipChange(before: SubscriptionRow | undefined, after: ProviderSubscription): string | null {
  if (!live(after)) return before && live(before) ? 'ended' : null;
  if (after.status === 'past_due') return before?.status === 'past_due' ? null : 'past_due';
  if (!before || !live(before)) return 'started';
  if (before.plan !== after.plan) return 'changed';
  if (!before.cancelAtPeriodEnd && after.cancelAtPeriodEnd) return 'canceling';
  if (before.cancelAtPeriodEnd && !after.cancelAtPeriodEnd) return 'resumed';
  if (after.currentPeriodEnd > before.currentPeriodEnd || before.status === 'past_due') return 'renewed';
  return null;
}

export class PaymentAnnouncer implements BillingAnnouncer {
  constructor(
    private readonly deps: {
      uow: UnitOfWork<{ payments: PaymentsRepo; ledger: LedgerRepo }>;
      plans: Plans;
      background: BackgroundTasks;
      notify: Notify;
      /** Announces this month's coins when they became claimable (the notifications sweep's check for one account). */
      monthlyCoins: (userId: string) => Promise<unknown>;
    },
  ) {}

  afterEvent(event: PaymentEvent, prepared: Prepared, before: SubscriptionRow | undefined): void {
    this.deps.background.run('announce-payment', () => this.announce(event, prepared, before));
  }

  private async announce(event: PaymentEvent, { checkout, subscription }: Prepared, before: SubscriptionRow | undefined) {
    const { notify } = this.deps;
    if (event.type === 'checkout.completed' && checkout?.complete && checkout.kind === 'coin_pack' && (checkout.coins ?? 0) > 0) {
      await notify(checkout.userId, {
        kind: 'payment',
        data: { event: 'coins_added', coins: checkout.coins ?? 0 },
        link: '/coins',
        dedupeKey: `coins:${checkout.id}`,
      });
    }
    if (subscription) {
      const change = membershipChange(before, subscription);
      if (change) {
        await notify(subscription.userId, {
          kind: 'membership',
          data: { event: change, plan: this.deps.plans.plan(subscription.plan).name, endsAt: subscription.currentPeriodEnd.toISOString() },
          link: '/subscription/manage',
        });
      }
      if (change === 'started' || change === 'renewed' || change === 'changed') await this.deps.monthlyCoins(subscription.userId);
    }
    if (event.type === 'payment.refunded')
      await this.coinsMoved(event.paymentRef, `refund:${event.paymentRef}:${event.refundedCents}`, 'refunded');
    if (event.type === 'dispute.opened') await this.coinsMoved(event.paymentRef, `dispute:${event.disputeId}`, 'disputed');
    if (event.type === 'dispute.closed' && event.won)
      await this.coinsMoved(event.paymentRef, `dispute-won:${event.disputeId}`, 'dispute_won');
  }

  private async coinsMoved(paymentRef: string, ledgerKey: string, what: string) {
    const invoice = await this.deps.uow.repos.payments.invoiceByPaymentRef(paymentRef);
    if (!invoice) return;
    const entry = await this.deps.uow.repos.ledger.entry(ledgerKey);
    await this.deps.notify(invoice.userId, {
      kind: 'payment',
      data: { event: what, coins: Math.abs(entry?.delta ?? 0) },
      link: '/coins',
      dedupeKey: `payment:${ledgerKey}`,
    });
  }
}
