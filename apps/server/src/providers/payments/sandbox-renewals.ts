// The sandbox's clock: a membership whose period ended renews (charging the saved card, applying a scheduled change),
// ends (cancelled at period end) or falls past due (a declined renewal).
import type { BillingPeriod, PaidTier } from '@reverie/shared';
import type { SandboxBooks } from './sandbox-books.ts';
import { iso, periodEnd, sandboxId, type SandboxSubscription } from './sandbox-objects.ts';
import type { SandboxRepo } from './sandbox.repo.ts';

/** Prices the processor charges on renewals (it knows the catalogue like Stripe knows price ids). */
export type PriceOf = (plan: PaidTier, period: BillingPeriod) => { amountCents: number; currency: string; name: string };

export interface RenewalSummary {
  renewed: number;
  ended: number;
  failed: number;
  changed: number;
}

/** Brings one subscription up to `now` under its row lock (inside a transaction), counting what happened in `summary`. */
export async function renewDue(
  sandbox: SandboxRepo,
  subId: string,
  now: Date,
  deps: { books: SandboxBooks; priceOf: PriceOf },
  summary: RenewalSummary,
): Promise<void> {
  let s = await sandbox.get<SandboxSubscription>(subId, 'subscription', { forUpdate: true });
  while (s && s.status !== 'canceled' && new Date(s.currentPeriodEnd) <= now) {
    if (s.cancelAtPeriodEnd || s.status === 'past_due') {
      s = { ...s, status: 'canceled', endedAt: s.currentPeriodEnd, cancelAtPeriodEnd: false };
      summary.ended += 1;
      break;
    }
    const plan = s.scheduledChange?.plan ?? s.plan;
    const period = s.scheduledChange?.billingPeriod ?? s.billingPeriod;
    if (s.scheduledChange) summary.changed += 1;
    if (s.behaviour === 'fail_later') {
      s = { ...s, status: 'past_due', plan, billingPeriod: period, scheduledChange: null };
      summary.failed += 1;
      // One retry window: a past-due membership ends at the next run after its period.
      s.currentPeriodEnd = iso(new Date(new Date(s.currentPeriodEnd).getTime() + 3 * 86_400_000));
      break;
    }
    const start = new Date(s.currentPeriodEnd);
    const end = periodEnd(start, period);
    const price = deps.priceOf(plan, period);
    const inv = await deps.books.invoice(sandbox, {
      userId: s.userId,
      subscriptionId: s.id,
      checkoutSessionId: null,
      kind: 'renewal',
      description: `${price.name} membership (${period}) renewal`,
      amountCents: price.amountCents,
      currency: price.currency,
      coins: 0,
      paymentRef: sandboxId('pi'),
      periodStart: iso(start),
      periodEnd: iso(end),
      paymentMethod: s.paymentMethod,
    });
    await deps.books.emit(sandbox, { type: 'invoice.paid', invoiceId: inv.id });
    s = { ...s, plan, billingPeriod: period, scheduledChange: null, currentPeriodStart: iso(start), currentPeriodEnd: iso(end) };
    summary.renewed += 1;
  }
  if (!s) return;
  await sandbox.put(s.id, 'subscription', s.userId, s);
  await deps.books.emit(sandbox, { type: 'subscription.changed', subscriptionId: s.id });
}
