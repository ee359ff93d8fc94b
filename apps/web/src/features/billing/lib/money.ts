import type { BillingPeriod, Plan, Price } from '@reverie/shared';
import { formatDate as formatLocaleDate, formatMoney } from '@/lib/format';

/** Money and dates come from the one formatter (the reader's locale). */
export { formatMoney } from '@/lib/format';

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

/** "March 4, 2026" (en-US) */
export function formatDate(iso: string): string {
  return formatLocaleDate(iso, 'longDate');
}

/** "Mar 4, 3:05 PM" (en-US) */
export function formatDateTime(iso: string): string {
  return formatLocaleDate(iso, 'shortDateTime');
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
