// The one place dates and numbers are formatted for people, in the reader's locale (the browser's language, via
// Intl). Number shortening (product.md §9): K from 10,000, M from 1 million, B from 1 billion, one decimal, default max
// length 6; coin balance display limit 7 characters.

/** The reader's locale: the browser's first language when Intl knows it, else en-US. */
export function userLocale(): string {
  const wanted = typeof navigator === 'undefined' ? [] : [...(navigator.languages ?? []), navigator.language].filter(Boolean);
  for (const tag of wanted) {
    try {
      if (Intl.NumberFormat.supportedLocalesOf(tag).length) return tag;
    } catch {
      // A malformed tag: try the next one.
    }
  }
  return 'en-US';
}

const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(kind: string, options: object, make: (locale: string) => T): T {
  const locale = userLocale();
  const key = `${kind}|${locale}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    formatter = make(locale);
    formatters.set(key, formatter);
  }
  return formatter;
}

/** A number in full with the locale's grouping ("12,345" / "12.345"); options as for Intl.NumberFormat. */
export function formatNumber(value: number, options: Intl.NumberFormatOptions = {}): string {
  return cached('n', options, (locale) => new Intl.NumberFormat(locale, options)).format(value);
}

/** A count with its noun, singular for one ("1 swipe", "2 messages", "1,204 messages"). */
export function formatCount(value: number, singular: string, plural = `${singular}s`): string {
  return `${formatNumber(value)} ${value === 1 ? singular : plural}`;
}

/** A number with exactly `digits` decimals, for display ("4.6", "12.50"); what toFixed did, in the reader's locale. */
export function formatDecimal(value: number, digits: number): string {
  return formatNumber(value, { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** A duration from milliseconds: "850 ms" below a second, else seconds with two decimals ("1.25 s"). */
export function formatDuration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${formatDecimal(ms / 1000, 2)} s`;
}

/** A rate of tokens: "12.3 tokens/s". */
export function formatTokenRate(tokensPerSecond: number): string {
  return `${formatDecimal(tokensPerSecond, 1)} tokens/s`;
}

/** An amount of money in minor units: 999, 'usd' → "$9.99" (en-US) / "9,99 $" (de-DE). */
export function formatMoney(cents: number, currency: string): string {
  try {
    return formatNumber(cents / 100, { style: 'currency', currency: currency.toUpperCase() });
  } catch {
    return `${formatNumber(cents / 100, { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currency.toUpperCase()}`;
  }
}

const DATE_STYLES = {
  /** "Mar 4, 2026" */
  date: { day: 'numeric', month: 'short', year: 'numeric' },
  /** "March 4, 2026" */
  longDate: { day: 'numeric', month: 'long', year: 'numeric' },
  /** "March 2026" */
  monthYear: { month: 'long', year: 'numeric' },
  /** "Mar 4, 2026, 3:05 PM" */
  dateTime: { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' },
  /** "Mar 4, 3:05 PM" */
  shortDateTime: { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' },
  /** "3:05:09 PM" */
  time: { hour: 'numeric', minute: '2-digit', second: '2-digit' },
  /** "14:05" (a 24-hour clock) */
  clock: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  /** "Mar 4" */
  dayMonth: { month: 'short', day: 'numeric' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
export type DateStyle = keyof typeof DATE_STYLES;

/** A date in the reader's locale and time zone ('' for an invalid one); `timeZone` for dates meant as calendar days. */
export function formatDate(value: string | number | Date, style: DateStyle = 'date', timeZone?: string): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const options: Intl.DateTimeFormatOptions = { ...DATE_STYLES[style], ...(timeZone ? { timeZone } : {}) };
  return cached('d', options, (locale) => new Intl.DateTimeFormat(locale, options)).format(date);
}

/** "Mar 4, 2026, 3:05 PM" in the reader's locale and time zone. */
export function dateTime(iso: string): string {
  return formatDate(iso, 'dateTime');
}

/** "just now", "5 min ago", "3 h ago", "yesterday", "4 days ago", then the date ("Jan 2, 2026"). */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return '';
  const s = Math.max(0, Math.floor((now - then) / 1000));
  if (s < 60) return 'just now';
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86_400) return `${Math.floor(s / 3600)} h ago`;
  if (s < 172_800) return 'yesterday';
  if (s < 604_800) return `${Math.floor(s / 86_400)} days ago`;
  return formatDate(then, 'date');
}

export const SHORTEN_DEFAULT_MAX_LENGTH = 6;
export const COIN_DISPLAY_LIMIT = 7;

const UNITS = [
  { value: 1_000_000_000, suffix: 'B' },
  { value: 1_000_000, suffix: 'M' },
  { value: 1_000, suffix: 'K' },
] as const;

/** The locale's decimal separator ("." / ","). */
const decimalSeparator = () =>
  cached('n', {}, (locale) => new Intl.NumberFormat(locale))
    .formatToParts(1.5)
    .find((p) => p.type === 'decimal')?.value ?? '.';

/** "12.3K" / "12K" for a unit, truncating (never rounding up, so 999,999 is "999.9K", not "1000.0K"). */
function unitForms(abs: number, unit: { value: number; suffix: string }): [withDecimal: string, whole: string] {
  const tenths = Math.floor(abs / (unit.value / 10));
  const whole = Math.floor(tenths / 10);
  const decimal = tenths % 10;
  const wholeForm = `${whole}${unit.suffix}`;
  return [decimal ? `${whole}${decimalSeparator()}${decimal}${unit.suffix}` : wholeForm, wholeForm];
}

/**
 * Compact display of a count.
 * - Below 10,000: the full integer with the locale's thousands separators ("9,999", "9.999").
 * - From 10,000: K, from 1,000,000: M, from 1,000,000,000: B, one decimal truncated, ".0" dropped
 *   ("10K", "12.3K", "1.2M").
 * - The result is never longer than `maxLength` when that is possible: the separators, then the decimal
 *   are dropped; billions that still do not fit are clamped to "999…B+".
 * - Fractions are truncated toward zero; negatives keep a leading "-" (counted in the length);
 *   NaN and ±Infinity render "0".
 */
export function shortenNumber(value: number, maxLength: number = SHORTEN_DEFAULT_MAX_LENGTH): string {
  if (!Number.isFinite(value)) return '0';
  const abs = Math.trunc(Math.abs(value));
  if (abs === 0) return '0';
  const sign = value < 0 ? '-' : '';

  const candidates: string[] = [];
  if (abs < 10_000) candidates.push(formatNumber(abs), String(abs));
  const unit = UNITS.find((u) => abs >= u.value);
  if (unit) candidates.push(...unitForms(abs, unit));

  for (const candidate of candidates) {
    if (sign.length + candidate.length <= maxLength) return sign + candidate;
  }
  const nines = maxLength - sign.length - 2;
  if (unit?.suffix === 'B' && nines >= 1) return `${sign}${'9'.repeat(nines)}B+`;
  // Nothing fits (tiny maxLength): the shortest honest form.
  return sign + (candidates[candidates.length - 1] ?? String(abs));
}

/** Coin balance for display, limited to 7 characters. */
export function formatCoins(value: number): string {
  return shortenNumber(value, COIN_DISPLAY_LIMIT);
}

/** The reader's IANA time zone ("Europe/Paris"), as the browser reports it; UTC when it cannot say. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
