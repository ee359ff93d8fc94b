import type { CheckoutSession, CoinMovement, CoinPack, Invoice, Plan, SubscriptionStatusResponse, Subscription } from '@reverie/shared';
import type { LedgerHistoryRow, LedgerRow } from './ledger.repo.ts';
import type { Catalog, PackDef, PlanDef } from './catalog.ts';
import type { Entitlements } from './entitlements.service.ts';
import type { CheckoutView } from './membership.service.ts';
import type { InvoiceRow, SubscriptionRow } from './payments.repo.ts';

export function toPlan(p: PlanDef, currency: string): Plan {
  const prices = p.prices
    ? {
        monthly: { amountCents: p.prices.monthly, currency, perMonthCents: p.prices.monthly, savingsPercent: 0 },
        yearly: {
          amountCents: p.prices.yearly,
          currency,
          perMonthCents: Math.round(p.prices.yearly / 12),
          savingsPercent: Math.max(0, Math.round((1 - p.prices.yearly / (p.prices.monthly * 12)) * 100)),
        },
      }
    : null;
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    prices,
    permissions: p.permissions,
    features: p.features,
    highlighted: p.highlighted,
  };
}

export function toPack(p: PackDef, currency: string, bestValue = false): CoinPack {
  return {
    id: p.id,
    name: p.name,
    coins: p.coins,
    bonusCoins: p.bonusCoins,
    totalCoins: p.coins + p.bonusCoins,
    priceCents: p.priceCents,
    currency,
    highlighted: bestValue,
  };
}

/** The catalogue's packs; "Best value" (`highlighted`) is the one with the most coins per unit of money (the first on a tie). */
export function toPacks(c: Catalog): CoinPack[] {
  const perCent = (p: PackDef) => (p.coins + p.bonusCoins) / p.priceCents;
  const best = c.packs.reduce((a, b) => (perCent(b) > perCent(a) ? b : a));
  return c.packs.map((p) => toPack(p, c.currency, p === best));
}

export function toSubscription(s: SubscriptionRow): Subscription {
  return {
    id: s.id,
    plan: s.plan as Subscription['plan'],
    billingPeriod: s.billingPeriod as Subscription['billingPeriod'],
    status: s.status as Subscription['status'],
    provider: s.provider as Subscription['provider'],
    currentPeriodStart: s.currentPeriodStart.toISOString(),
    currentPeriodEnd: s.currentPeriodEnd.toISOString(),
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    canceledAt: s.canceledAt?.toISOString() ?? null,
    endedAt: s.endedAt?.toISOString() ?? null,
    scheduledChange:
      s.scheduledPlan && s.scheduledBillingPeriod
        ? { plan: s.scheduledPlan as Subscription['plan'], billingPeriod: s.scheduledBillingPeriod as Subscription['billingPeriod'] }
        : null,
    paymentMethod: s.paymentMethod ?? null,
    createdAt: s.createdAt.toISOString(),
  };
}

export function toStatus(e: Entitlements): SubscriptionStatusResponse {
  return {
    success: true,
    tier: e.tier,
    subscription: e.latestSubscription ? toSubscription(e.latestSubscription) : null,
    permissions: e.permissions,
    allowances: e.allowances,
  };
}

export function toInvoice(i: InvoiceRow): Invoice {
  return {
    id: i.id,
    number: i.number,
    status: i.status as Invoice['status'],
    kind: i.kind as Invoice['kind'],
    description: i.description,
    amountCents: i.amountCents,
    currency: i.currency,
    periodStart: i.periodStart?.toISOString() ?? null,
    periodEnd: i.periodEnd?.toISOString() ?? null,
    paymentMethod: i.paymentMethod ?? null,
    hostedUrl: i.hostedUrl,
    createdAt: i.createdAt.toISOString(),
  };
}

const REASON_LABELS: Record<string, string> = {
  signup_bonus: 'Welcome coins',
  sandbox_top_up: 'Free sandbox coins',
  coin_pack: 'Coin pack purchase',
  monthly_coins: 'Monthly membership coins',
  monthly_coins_upgrade: 'Monthly coins: plan upgrade',
  refund: 'Coin pack refunded',
  dispute: 'Payment disputed',
  dispute_won: 'Dispute resolved in your favour',
  chat_message: 'Chat message beyond the free allowance',
  image: 'Picture from the image generator',
  speech: 'Reply read aloud beyond the free allowance',
  transcription: 'Recording turned into text beyond the free allowance',
  call: 'Call minute beyond the free allowance',
  allowance_refund: 'Refund for a generation that failed or was withheld',
};

/** What a charge paid for (`reference` holds its purpose, see `ChargePurpose`). */
const PURPOSE_LABELS: Record<string, string> = {
  'chat_message:regenerate': 'Regenerated reply',
  'chat_message:continue': 'Continued reply',
  'image:chat-picture': 'Picture in a chat',
};

/** What a refund gave back, by its charge: "Refund: the regenerated reply failed or was withheld". */
const REFUNDED: Record<string, string> = {
  chat_message: 'the chat reply',
  'chat_message:regenerate': 'the regenerated reply',
  'chat_message:continue': 'the continued reply',
  image: 'the picture',
  'image:chat-picture': 'the picture in the chat',
  speech: 'the reply read aloud',
  transcription: 'the recording turned into text',
  call: 'the call minute',
};

function refundLabel(charge: NonNullable<LedgerHistoryRow['charge']>): string {
  const what = REFUNDED[`${charge.reason}:${charge.reference}`] ?? REFUNDED[charge.reason] ?? 'the generation';
  return `Refund: ${what} failed or was withheld`;
}

function labelOf(r: Pick<LedgerRow, 'reason' | 'reference' | 'delta'>): string {
  return PURPOSE_LABELS[`${r.reason}:${r.reference}`] ?? REASON_LABELS[r.reason] ?? (r.delta >= 0 ? 'Coins added' : 'Coins spent');
}

/** A movement with its reason in words; a refund names the charge it gives back (`refundOf`). */
export function toMovement(r: LedgerRow & { charge?: LedgerHistoryRow['charge'] }): CoinMovement {
  const charge = r.reason === 'allowance_refund' ? (r.charge ?? null) : null;
  return {
    id: r.id,
    delta: r.delta,
    reason: r.reason,
    label: charge ? refundLabel(charge) : labelOf(r),
    refundOf: charge?.id ?? null,
    balanceAfter: r.balanceAfter,
    createdAt: r.createdAt.toISOString(),
  };
}

export function toCheckoutSession(v: CheckoutView): CheckoutSession {
  return {
    id: v.id,
    kind: v.kind,
    status: v.status,
    testMode: v.testMode,
    description: v.description,
    amountCents: v.amountCents,
    currency: v.currency,
    plan: v.plan,
    billingPeriod: v.billingPeriod,
    packId: v.packId,
    coins: v.coins,
    lastError: v.lastError,
    nextAction:
      v.status === 'requires_action'
        ? { type: 'confirm_payment', message: 'Your bank asks you to confirm this payment (test mode: approve or refuse).' }
        : null,
    fulfilled: v.fulfilled,
    successUrl: v.successUrl,
    cancelUrl: v.cancelUrl,
    expiresAt: v.expiresAt,
    createdAt: v.createdAt,
  };
}
