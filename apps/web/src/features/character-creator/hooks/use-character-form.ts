import { useCallback, useRef, useState } from 'react';
import type { CharacterProfile } from '@reverie/shared';
import { getErrorMessage } from '@/lib/api-client';
import { draftKey, loadDraft } from '../lib/draft';
import { EMPTY_FORM, formFromProfile, stepErrors, stepOf, STEPS, toBody, type CharacterForm } from '../lib/form';
import { useDraftAutosave } from './use-draft-autosave';
import { useFormErrors } from './use-form-errors';
import { usePortrait } from './use-portrait';
import { useSaveCharacter } from './use-save-character';

/**
 * State of a character being created or edited: the values, the step, a new portrait waiting to be uploaded,
 * errors (the form's own checks on fields already visited, the server's on the field it names), an autosaved
 * draft, and `submit`, which saves everything and answers the saved profile (or null when it could not).
 */
export function useCharacterForm({ userId, profile }: { userId: string; profile?: CharacterProfile }) {
  const key = draftKey(userId, profile?.id);
  const [initial] = useState(() => loadDraft(key, profile?.updatedAt));
  const [form, setForm] = useState<CharacterForm>(() => initial?.form ?? (profile ? formFromProfile(profile) : EMPTY_FORM));
  const [step, setStepState] = useState(() => Math.min(initial?.step ?? 0, STEPS.length - 1));
  const [savedAt, setSavedAt] = useState<number | null>(initial?.savedAt ?? null);
  // Created by a submit whose portrait upload then failed: the next submit updates it instead of creating another.
  const [created, setCreated] = useState<CharacterProfile | null>(null);
  const dirty = useRef(false);
  const { save, saving } = useSaveCharacter();
  const { checks, serverErrors, setServerErrors, visit, startOver, fail, shown } = useFormErrors(form, setStepState);

  // A portrait change is a change of the form, and takes back a failed upload's message.
  const portraitChanged = useCallback(() => {
    dirty.current = true;
    setServerErrors(({ avatar: _gone, ...rest }) => rest);
  }, [setServerErrors]);
  const portrait = usePortrait({ restored: initial?.avatar, current: profile?.avatarUrl ?? null, onChange: portraitChanged });
  const { pending: avatar, removed: avatarRemoved, reset: resetPortrait } = portrait;
  const avatarDataUrl = avatar?.dataUrl;
  const draft = useDraftAutosave({ key, form, step, avatarDataUrl, baseUpdatedAt: profile?.updatedAt, dirty, onSaved: setSavedAt });

  const set = useCallback(
    <K extends keyof CharacterForm>(field: K, value: CharacterForm[K]) => {
      dirty.current = true;
      setForm((f) => ({ ...f, [field]: value }));
      setServerErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => k.split('.')[0] !== field && k !== 'card')));
    },
    [setServerErrors],
  );

  const setStep = useCallback((next: number) => {
    dirty.current = true;
    setStepState(Math.max(0, Math.min(STEPS.length - 1, next)));
  }, []);

  /** Moves on unless the current step has errors; then they all show. */
  const next = useCallback(() => {
    visit(STEPS[step]!.fields);
    if (stepErrors({ ...checks, ...serverErrors }, step).length === 0) setStep(step + 1);
  }, [checks, serverErrors, step, setStep, visit]);

  const discardDraft = useCallback(() => {
    draft.forget();
    setForm(profile ? formFromProfile(profile) : EMPTY_FORM);
    resetPortrait();
    startOver([]);
    setSavedAt(null);
    setStepState(0);
  }, [profile, draft, resetPortrait, startOver]);

  /**
   * Saves the character, then its new portrait. Answers the saved profile, or null when something was refused (the
   * errors say what; when only the portrait failed, the character is saved and the form stays on it).
   */
  const submit = useCallback(async (): Promise<CharacterProfile | null> => {
    startOver(STEPS.flatMap((s) => s.fields));
    const firstError = Object.keys(checks)[0];
    if (firstError) {
      setStepState(stepOf(firstError));
      return null;
    }
    const outcome = await save(profile ?? created, toBody(form), { pending: avatar, removed: avatarRemoved }, draft.forget);
    if (outcome.kind === 'saved') return outcome.profile;
    if (outcome.kind === 'refused') {
      fail(outcome.error);
      return null;
    }
    // The character is saved; only its portrait is not. Saying so, the caller keeps the creator open on it.
    setCreated(outcome.saved);
    setServerErrors({ avatar: `The character was saved, but not its portrait. ${getErrorMessage(outcome.error, 'The upload failed.')}` });
    setStepState(0);
    return null;
  }, [startOver, checks, save, profile, created, form, avatar, avatarRemoved, draft, fail, setServerErrors]);

  return {
    profile: profile ?? created ?? undefined,
    form,
    set,
    step,
    setStep,
    next,
    ...shown,
    avatarUrl: portrait.url,
    avatarPending: avatar !== null,
    setAvatar: portrait.set,
    clearAvatar: portrait.clear,
    submit,
    saving,
    savedAt,
    restored: initial !== null,
    discardDraft,
  };
}

export type CharacterFormState = ReturnType<typeof useCharacterForm>;
