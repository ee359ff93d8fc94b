// A character hidden by moderators (or by its creator's suspension) stays private: the owner may keep editing it
// but cannot make it public or unlisted again until moderators restore it.
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { assertVisibilityChangeAllowed, MODERATION_HOLD_MESSAGE, SUSPENSION_HOLD_MESSAGE } from './moderation-hold.ts';

const refusal = (fn: () => void) => {
  try {
    fn();
    return null;
  } catch (err) {
    return err as AppError;
  }
};

describe('assertVisibilityChangeAllowed', () => {
  it('lets a character without a hold change visibility freely', () => {
    for (const v of ['public', 'unlisted', 'private', undefined] as const)
      expect(refusal(() => assertVisibilityChangeAllowed({ moderationHold: null }, v))).toBeNull();
  });

  it('keeps a held character private: 409 MODERATION_HOLD with a message that says why and what to do', () => {
    for (const v of ['public', 'unlisted'] as const) {
      const err = refusal(() => assertVisibilityChangeAllowed({ moderationHold: 'hidden' }, v))!;
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ status: 409, code: 'MODERATION_HOLD', message: MODERATION_HOLD_MESSAGE });
    }
    expect(refusal(() => assertVisibilityChangeAllowed({ moderationHold: 'suspended' }, 'public'))!.message).toBe(SUSPENSION_HOLD_MESSAGE);
  });

  it('allows edits that leave it private', () => {
    expect(refusal(() => assertVisibilityChangeAllowed({ moderationHold: 'hidden' }, 'private'))).toBeNull();
    expect(refusal(() => assertVisibilityChangeAllowed({ moderationHold: 'hidden' }, undefined))).toBeNull();
  });
});
