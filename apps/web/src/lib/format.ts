// Number shortening (SPEC §9): K from 10,000, M from 1 million, B from 1 billion, one decimal,
// default max length 6; coin balance display limit 7 characters.

export const SHORTEN_DEFAULT_MAX_LENGTH = 6;
export const COIN_DISPLAY_LIMIT = 7;

const UNITS = [
  { value: 1_000_000_000, suffix: 'B' },
  { value: 1_000_000, suffix: 'M' },
  { value: 1_000, suffix: 'K' },
] as const;

/** "12.3K" / "12K" for a unit, truncating (never rounding up, so 999,999 is "999.9K", not "1000.0K"). */
function unitForms(abs: number, unit: { value: number; suffix: string }): [withDecimal: string, whole: string] {
  const tenths = Math.floor(abs / (unit.value / 10));
  const whole = Math.floor(tenths / 10);
  const decimal = tenths % 10;
  const wholeForm = `${whole}${unit.suffix}`;
  return [decimal ? `${whole}.${decimal}${unit.suffix}` : wholeForm, wholeForm];
}

/**
 * Compact display of a count.
 * - Below 10,000: the full integer with thousands separators ("9,999").
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
  if (abs < 10_000) candidates.push(abs.toLocaleString('en-US'), String(abs));
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
