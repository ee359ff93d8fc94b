// A character hidden by moderators stays private until they restore it: its owner may edit it but not make it public
// or unlisted again. Every write of a character's visibility goes through assertVisibilityChangeAllowed.
import type { CharacterVisibility } from '@reverie/shared';
import { AppError } from '../../lib/app-error.ts';
import type { CharacterRow } from './characters.repo.ts';

export const MODERATION_HOLD_MESSAGE =
  'Moderators hid this character, so it stays private until they restore it. Open a support ticket to ask for a review.';
export const HELD_COPY_MESSAGE =
  'Moderators hid this character, so it cannot be copied until they restore it. Open a support ticket to ask for a review.';
export const SUSPENSION_HOLD_MESSAGE = 'Your account is suspended, so your characters stay private until the suspension is lifted.';

/** 409 MODERATION_HOLD when a held character would leave private; any other change (or staying private) passes. */
export function assertVisibilityChangeAllowed(row: Pick<CharacterRow, 'moderationHold'>, next: CharacterVisibility | undefined): void {
  if (!row.moderationHold || next === undefined || next === 'private') return;
  throw new AppError(409, 'MODERATION_HOLD', row.moderationHold === 'suspended' ? SUSPENSION_HOLD_MESSAGE : MODERATION_HOLD_MESSAGE);
}
