import { useCallback, useRef, useState } from 'react';
import type { CharacterProfile } from '@reverie/shared';
import { draftKey, loadDraft } from '../lib/draft';
import { EMPTY_FORM, formFromProfile, stepErrors, STEPS, type CharacterForm } from '../lib/form';
import { useDraftAutosave } from './use-draft-autosave';
import { useFormErrors } from './use-form-errors';
import { usePortrait } from './use-portrait';
import { useSubmitCharacter } from './use-submit-character';

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
  const dirty = useRef(false);
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

  const { submit, saving, created } = useSubmitCharacter({
    ...{ profile, form, avatar, avatarRemoved, checks, startOver, fail, setServerErrors, setStep: setStepState },
    forgetDraft: draft.forget,
  });

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
