import type { BillingPeriod, Plan, Price } from '@reverie/shared';

/** 999, 'usd' → "$9.99"; whole amounts keep their cents so prices line up ("$10.00"). */
export function formatMoney(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

export interface PlanPriceView {
  /** The big number on the card: the monthly price, or a yearly plan's price per month. */
  headline: string;
  /** "/month" */
  unit: string;
  /** "Billed $95.90 yearly" for yearly prices, "Billed monthly" otherwise. */
  billing: string;
  /** "Save 20%" when the yearly price is discounted. */
  saving: string | null;
}

/** What a plan card shows for the chosen billing period; null for the free plan. */
export function planPrice(plan: Pick<Plan, 'prices'>, period: BillingPeriod): PlanPriceView | null {
  if (!plan.prices) return null;
  const price: Price = plan.prices[period];
  if (period === 'monthly') {
    return { headline: formatMoney(price.amountCents, price.currency), unit: '/month', billing: 'Billed monthly', saving: null };
  }
  return {
    headline: formatMoney(price.perMonthCents, price.currency),
    unit: '/month',
    billing: `Billed ${formatMoney(price.amountCents, price.currency)} yearly`,
    saving: price.savingsPercent > 0 ? `Save ${price.savingsPercent}%` : null,
  };
}

/** The best yearly saving across plans ("Save up to 20%" on the switch), 0 when none. */
export function bestYearlySaving(plans: readonly Pick<Plan, 'prices'>[]): number {
  return plans.reduce((best, p) => Math.max(best, p.prices?.yearly.savingsPercent ?? 0), 0);
}

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** "March 4, 2026" */
export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

/** "Mar 4, 3:05 PM" */
export function formatDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}

/** Time left until `target` as "2d 4h", "3h 12m", "5m 09s" (0 or less: "now"). */
export function formatCountdown(target: string | Date, now: number = Date.now()): string {
  const ms = new Date(target).getTime() - now;
  if (!Number.isFinite(ms) || ms <= 0) return 'now';
  const s = Math.floor(ms / 1000);
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (d > 0) return `${d}d ${h}h`;
  if (h > 0) return `${h}h ${m}m`;
  return `${m}m ${String(sec).padStart(2, '0')}s`;
}
