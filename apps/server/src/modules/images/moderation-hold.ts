// A picture hidden by moderators (or by its owner's suspension) stays private until they restore it, as characters
// do (characters/moderation-hold.ts): its owner may keep it, download it or make it private, but not share it again.
import { AppError } from '../../lib/app-error.ts';
import type { ImageRow } from './images.repo.ts';

export const IMAGE_HOLD_MESSAGE =
  'Moderators hid this picture, so it stays private until they restore it. Open a support ticket to ask for a review.';
export const IMAGE_SUSPENSION_HOLD_MESSAGE = 'Your account is suspended, so your pictures stay private until the suspension is lifted.';

/** 409 MODERATION_HOLD when a held picture would become public; making it (or keeping it) private passes. */
export function assertImageVisibilityChangeAllowed(row: Pick<ImageRow, 'moderationHold'>, next: 'private' | 'public' | undefined): void {
  if (!row.moderationHold || next === undefined || next === 'private') return;
  throw new AppError(409, 'MODERATION_HOLD', row.moderationHold === 'suspended' ? IMAGE_SUSPENSION_HOLD_MESSAGE : IMAGE_HOLD_MESSAGE);
}
