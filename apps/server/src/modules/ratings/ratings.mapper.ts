import type { RatingResponse } from '@reverie/shared';
import type { RatingView } from './ratings.service.ts';

const round = (n: number) => Math.round(n * 100) / 100;

export function toRatingResponse({ summary, mine, refusal }: RatingView): RatingResponse {
  return { rating: round(summary.rating), ratingCount: summary.ratingCount, myRating: mine, canRate: refusal === null, reason: refusal };
}
