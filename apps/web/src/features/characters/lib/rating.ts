import { RATING_NEW_BELOW } from '@reverie/shared/constants';
import { formatDecimal, formatNumber } from '@/lib/format';

/** "4.6", or "New" while too few people have rated for an average to mean much. */
export function ratingLabel(c: { rating: number; ratingCount: number }): string {
  return c.ratingCount < RATING_NEW_BELOW ? 'New' : formatDecimal(c.rating, 1);
}

/** Words for screen readers and tooltips: "4.6 out of 5 from 12 ratings" / "New: 1 rating so far". */
export function ratingDescription(c: { rating: number; ratingCount: number }): string {
  const count = `${formatNumber(c.ratingCount)} rating${c.ratingCount === 1 ? '' : 's'}`;
  if (c.ratingCount === 0) return 'New: not rated yet';
  if (c.ratingCount < RATING_NEW_BELOW) return `New: ${count} so far`;
  return `${formatDecimal(c.rating, 1)} out of 5 from ${count}`;
}
