import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  dateTime,
  formatCoins,
  formatCount,
  formatDate,
  formatDecimal,
  formatDuration,
  formatMoney,
  formatNumber,
  formatTokenRate,
  shortenNumber,
  timeAgo,
} from './format';

describe('shortenNumber', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1_000, '1,000'],
    [9_999, '9,999'],
    [10_000, '10K'],
    [12_345, '12.3K'],
    [10_050, '10K'],
    [99_999, '99.9K'],
    [100_000, '100K'],
    [123_456, '123.4K'],
    [999_999, '999.9K'],
    [1_000_000, '1M'],
    [1_250_000, '1.2M'],
    [123_456_789, '123.4M'],
    [1_000_000_000, '1B'],
    [2_500_000_000, '2.5B'],
    [1_000_000_000_000, '1000B'],
    [12.9, '12'],
    [-12_345, '-12.3K'],
    [-123_456, '-123K'],
    [-9_999, '-9,999'],
    [Number.NaN, '0'],
    [Number.POSITIVE_INFINITY, '0'],
    [-0, '0'],
  ])('%s → %s', (input, expected) => {
    expect(shortenNumber(input)).toBe(expected);
  });

  it('never exceeds maxLength: drops separators, then the decimal', () => {
    expect(shortenNumber(9_999, 4)).toBe('9999');
    expect(shortenNumber(123_456, 5)).toBe('123K');
    expect(shortenNumber(12_345, 4)).toBe('12K');
    for (const n of [1, 12, 9_999, 12_345, 123_456, 999_999, 1_234_567, 987_654_321, 9e11, 1e15]) {
      expect(shortenNumber(n).length).toBeLessThanOrEqual(6);
      expect(shortenNumber(-n).length).toBeLessThanOrEqual(6);
    }
  });

  it('clamps billions that cannot fit', () => {
    expect(shortenNumber(1e15)).toBe('9999B+');
    expect(shortenNumber(-1e15)).toBe('-999B+');
  });
});

describe('formatCoins', () => {
  it('uses a 7-character limit', () => {
    expect(formatCoins(9_999)).toBe('9,999');
    expect(formatCoins(15)).toBe('15');
    expect(formatCoins(1_234_567)).toBe('1.2M');
    expect(formatCoins(-123_456)).toBe('-123.4K');
    expect(formatCoins(1e14)).toBe('100000B');
  });
});

describe('timeAgo', () => {
  const now = Date.parse('2026-03-12T12:00:00Z');
  it.each([
    ['2026-03-12T11:59:30Z', 'just now'],
    ['2026-03-12T11:55:00Z', '5 min ago'],
    ['2026-03-12T09:00:00Z', '3 h ago'],
    ['2026-03-11T10:00:00Z', 'yesterday'],
    ['2026-03-08T12:00:00Z', '4 days ago'],
    ['2026-01-02T12:00:00Z', 'Jan 2, 2026'],
  ])('%s → %s', (iso, text) => expect(timeAgo(iso, now)).toBe(text));
});

describe("the reader's locale", () => {
  const speak = (...languages: string[]) => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
    vi.spyOn(navigator, 'language', 'get').mockReturnValue(languages[0] ?? '');
  };
  afterEach(() => vi.restoreAllMocks());

  it('formats numbers, money and dates the en-US way for an en-US browser', () => {
    speak('en-US');
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(shortenNumber(12_345)).toBe('12.3K');
    expect(formatMoney(999, 'usd')).toBe('$9.99');
    expect(formatDate('2026-03-04T12:00:00Z', 'longDate', 'UTC')).toBe('March 4, 2026');
  });

  it('follows a German browser: grouping, decimal comma, day before month', () => {
    speak('de-DE', 'en-US');
    expect(formatNumber(1234567)).toBe('1.234.567');
    expect(shortenNumber(9_999)).toBe('9.999');
    expect(shortenNumber(12_345)).toBe('12,3K');
    expect(formatMoney(999, 'eur')).toBe('9,99\u00a0€');
    expect(formatDate('2026-03-04T12:00:00Z', 'longDate', 'UTC')).toBe('4. März 2026');
    expect(dateTime('2026-03-04T12:05:00Z')).toMatch(/^4\. März 2026/);
  });

  it('formats decimals, durations, rates, clock times and days the way the pages showed them (en-US)', () => {
    speak('en-US');
    expect(formatDecimal(4.56, 1)).toBe('4.6');
    expect(formatDecimal(4, 1)).toBe('4.0');
    expect(formatDuration(850.4)).toBe('850 ms');
    expect(formatDuration(1250)).toBe('1.25 s');
    expect(formatTokenRate(12.34)).toBe('12.3 tokens/s');
    expect(formatDate('2026-03-04T14:05:00Z', 'clock', 'UTC')).toBe('14:05');
    expect(formatDate('2026-03-04T14:05:00Z', 'dayMonth', 'UTC')).toBe('Mar 4');
  });

  it('falls back to en-US for a tag Intl does not know', () => {
    speak('not a locale');
    expect(formatNumber(1000)).toBe('1,000');
  });

  it('counts with the noun singular for one', () => {
    expect(formatCount(1, 'swipe')).toBe('1 swipe');
    expect(formatCount(0, 'swipe')).toBe('0 swipes');
    expect(formatCount(1204, 'message')).toBe('1,204 messages');
    expect(formatCount(2, 'entry', 'entries')).toBe('2 entries');
  });
});
