import { useCallback, useState, type Dispatch, type SetStateAction } from 'react';
import type { CharacterProfile } from '@reverie/shared';
import { getErrorMessage } from '@/lib/api-client';
import { stepOf, STEPS, toBody, type CharacterForm, type FieldErrors } from '../lib/form';
import type { PendingAvatar } from './use-portrait';
import { useSaveCharacter } from './use-save-character';

interface SubmitInput {
  profile: CharacterProfile | undefined;
  form: CharacterForm;
  avatar: PendingAvatar | null;
  avatarRemoved: boolean;
  /** The form's own checks (every field is shown as visited when a submit starts). */
  checks: FieldErrors;
  startOver: (visited: string[]) => void;
  fail: (error: unknown) => void;
  setServerErrors: Dispatch<SetStateAction<FieldErrors>>;
  setStep: (step: number) => void;
  forgetDraft: () => void;
}

/**
 * `submit` saves the character, then its new portrait, and answers the saved profile, or null when something was
 * refused (the errors say what; when only the portrait failed, the character is saved and the form stays on it).
 * `created`: the character a submit created whose portrait then failed (the next submit updates it).
 */
export function useSubmitCharacter(i: SubmitInput) {
  const { save, saving } = useSaveCharacter();
  const [created, setCreated] = useState<CharacterProfile | null>(null);
  const { profile, form, avatar, avatarRemoved, checks, startOver, fail, setServerErrors, setStep, forgetDraft } = i;
  const submit = useCallback(async (): Promise<CharacterProfile | null> => {
    startOver(STEPS.flatMap((s) => s.fields));
    const firstError = Object.keys(checks)[0];
    if (firstError) {
      setStep(stepOf(firstError));
      return null;
    }
    const outcome = await save(profile ?? created, toBody(form), { pending: avatar, removed: avatarRemoved }, forgetDraft);
    if (outcome.kind === 'saved') return outcome.profile;
    if (outcome.kind === 'refused') {
      fail(outcome.error);
      return null;
    }
    // The character is saved; only its portrait is not. Saying so, the caller keeps the creator open on it.
    setCreated(outcome.saved);
    setServerErrors({ avatar: `The character was saved, but not its portrait. ${getErrorMessage(outcome.error, 'The upload failed.')}` });
    setStep(0);
    return null;
  }, [startOver, checks, save, profile, created, form, avatar, avatarRemoved, forgetDraft, fail, setServerErrors, setStep]);
  return { submit, saving, created };
}
