import { useCallback, useRef, useState } from 'react';
import type { CharacterProfile } from '@reverie/shared';
import { getErrorMessage } from '@/lib/api-client';
import { useCreateCharacter } from '@/features/characters';
import { useRemoveCharacterAvatar } from '@/features/characters';
import { useUpdateCharacter } from '@/features/characters';
import { useUploadCharacterAvatar } from '@/features/characters';
import { clearDraft, draftKey, loadDraft } from '../lib/draft';
import { EMPTY_FORM, formFromProfile, stepErrors, stepOf, STEPS, toBody, type CharacterForm } from '../lib/form';
import { useDraftAutosave } from './use-draft-autosave';
import { useFormErrors } from './use-form-errors';
import { usePortrait } from './use-portrait';

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
  const create = useCreateCharacter();
  const update = useUpdateCharacter();
  const upload = useUploadCharacterAvatar();
  const removeAvatarCall = useRemoveCharacterAvatar();
  const problems = useFormErrors(form, setStepState);
  const { checks, serverErrors, setServerErrors, visit, startOver, fail } = problems;

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
    draft.cancel();
    clearDraft(key);
    dirty.current = false;
    setForm(profile ? formFromProfile(profile) : EMPTY_FORM);
    resetPortrait();
    startOver([]);
    setSavedAt(null);
    setStepState(0);
  }, [key, profile, draft, resetPortrait, startOver]);

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
    const target = profile ?? created;
    let saved: CharacterProfile;
    try {
      saved = target ? await update.mutateAsync({ id: target.id, body: toBody(form) }) : await create.mutateAsync(toBody(form));
    } catch (error) {
      fail(error);
      return null;
    }
    draft.cancel();
    clearDraft(key);
    dirty.current = false;
    try {
      if (avatar) saved = await upload.mutateAsync({ id: saved.id, file: avatar.blob });
      else if (avatarRemoved && saved.avatarUrl) saved = await removeAvatarCall.mutateAsync(saved.id);
    } catch (error) {
      // The character is saved; only its portrait is not. Saying so, the caller keeps the creator open on it.
      setCreated(saved);
      setServerErrors({ avatar: `The character was saved, but not its portrait. ${getErrorMessage(error, 'The upload failed.')}` });
      setStepState(0);
      return null;
    }
    return saved;
  }, [
    startOver,
    checks,
    profile,
    created,
    update,
    create,
    form,
    fail,
    draft,
    key,
    avatar,
    avatarRemoved,
    upload,
    removeAvatarCall,
    setServerErrors,
  ]);

  return {
    profile: profile ?? created ?? undefined,
    form,
    set,
    touch: problems.touch,
    step,
    setStep,
    next,
    errors: problems.errors,
    formError: problems.formError,
    blocked: problems.blocked,
    avatarUrl: portrait.url,
    avatarPending: avatar !== null,
    setAvatar: portrait.set,
    clearAvatar: portrait.clear,
    submit,
    saving: create.isPending || update.isPending || upload.isPending || removeAvatarCall.isPending,
    savedAt,
    restored: initial !== null,
    discardDraft,
  };
}

export type CharacterFormState = ReturnType<typeof useCharacterForm>;
