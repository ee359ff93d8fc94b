import { describe, expect, it } from 'vitest';
import { bestYearlySaving, formatCountdown, formatMoney, planPrice } from './money';

const premium = {
  prices: {
    monthly: { amountCents: 999, currency: 'usd', perMonthCents: 999, savingsPercent: 0 },
    yearly: { amountCents: 9590, currency: 'usd', perMonthCents: 799, savingsPercent: 20 },
  },
};

describe('plan prices', () => {
  it('shows the monthly price billed monthly', () => {
    expect(planPrice(premium, 'monthly')).toEqual({ headline: '$9.99', unit: '/month', billing: 'Billed monthly', saving: null });
  });

  it('shows a yearly price per month, what is billed, and the saving', () => {
    expect(planPrice(premium, 'yearly')).toEqual({
      headline: '$7.99',
      unit: '/month',
      billing: 'Billed $95.90 yearly',
      saving: 'Save 20%',
    });
  });

  it('has no price for the free plan and finds the best saving', () => {
    expect(planPrice({ prices: null }, 'yearly')).toBeNull();
    expect(bestYearlySaving([{ prices: null }, premium])).toBe(20);
    expect(formatMoney(100000, 'eur')).toBe('€1,000.00');
  });

  it('counts down to the next claim', () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    expect(formatCountdown('2030-01-03T04:00:00Z', now)).toBe('2d 4h');
    expect(formatCountdown('2030-01-01T03:12:00Z', now)).toBe('3h 12m');
    expect(formatCountdown('2030-01-01T00:05:09Z', now)).toBe('5m 09s');
    expect(formatCountdown('2029-12-31T00:00:00Z', now)).toBe('now');
  });
});
