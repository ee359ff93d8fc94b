import { useMutation } from '@tanstack/react-query';
import type { ReviewRequestBody } from '@reverie/shared';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';

/** POST /api/moderation/review-requests ("Ask for review" of a blocked text) */
export const askForReview = (body: ReviewRequestBody) => apiRequest(api.moderation.askForReview, { body });

/** Affects no cached data (the outcome reaches the author as a notification when a moderator acts). */
export function useAskForReview() {
  return useMutation({ mutationFn: askForReview });
}
