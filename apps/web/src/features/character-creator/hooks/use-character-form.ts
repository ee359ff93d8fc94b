import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { CharacterProfile, ContentProblem } from '@reverie/shared';
import { problemsOf, ruleLabel } from '@/features/moderation';
import { ApiError, getErrorMessage } from '@/lib/api-client';
import { useCreateCharacter } from '@/features/characters';
import { useRemoveCharacterAvatar } from '@/features/characters';
import { useUpdateCharacter } from '@/features/characters';
import { useUploadCharacterAvatar } from '@/features/characters';
import { clearDraft, draftKey, loadDraft, saveDraft } from '../lib/draft';
import {
  EMPTY_FORM,
  formFieldOf,
  formFromProfile,
  stepErrors,
  stepOf,
  STEPS,
  toBody,
  validate,
  type CharacterForm,
  type FieldErrors,
} from '../lib/form';

const AUTOSAVE_MS = 400;

interface PendingAvatar {
  blob: Blob;
  url: string;
  dataUrl: string;
}

function readDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the image'));
    reader.readAsDataURL(blob);
  });
}

async function pendingFromDataUrl(dataUrl: string): Promise<PendingAvatar | null> {
  try {
    const blob = await (await fetch(dataUrl)).blob();
    return { blob, url: URL.createObjectURL(blob), dataUrl };
  } catch {
    return null;
  }
}

/** `field: message` from a 400, attached to the field it names. */
function fieldOfValidation(message: string): { field: string; message: string } | null {
  const match = /^([a-zA-Z]+)(?:\.(\d+))?: (.+)$/.exec(message);
  if (!match) return null;
  const field = match[2] !== undefined ? `${match[1]}.${match[2]}` : match[1]!;
  return field in EMPTY_FORM || field.startsWith('alternateGreetings.') ? { field, message: match[3]! } : null;
}

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
  const [avatar, setAvatarState] = useState<PendingAvatar | null>(null);
  const [avatarRemoved, setAvatarRemoved] = useState(false);
  const [visited, setVisited] = useState<Set<string>>(() => new Set());
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  /** Every problem of a blocked save (rule + span), shown at once above the form's buttons. */
  const [blocked, setBlocked] = useState<ContentProblem[]>([]);
  const [savedAt, setSavedAt] = useState<number | null>(initial?.savedAt ?? null);
  // Created by a submit whose portrait upload then failed: the next submit updates it instead of creating another.
  const [created, setCreated] = useState<CharacterProfile | null>(null);
  const dirty = useRef(false);
  const create = useCreateCharacter();
  const update = useUpdateCharacter();
  const upload = useUploadCharacterAvatar();
  const removeAvatarCall = useRemoveCharacterAvatar();

  // A portrait kept in the draft comes back as a pending upload.
  useEffect(() => {
    if (!initial?.avatar) return;
    let cancelled = false;
    void pendingFromDataUrl(initial.avatar).then((p) => !cancelled && setAvatarState(p));
    return () => {
      cancelled = true;
    };
  }, [initial]);

  useEffect(() => () => void (avatar && URL.revokeObjectURL(avatar.url)), [avatar]);

  // The draft is written 400 ms after the last change, and at once when the form goes away (another page, a closed
  // tab) with a change not written yet.
  const pendingWrite = useRef<(() => void) | null>(null);
  useEffect(() => {
    if (!dirty.current) return;
    const write = () => {
      pendingWrite.current = null;
      const at = Date.now();
      if (saveDraft(key, { form, step, avatar: avatar?.dataUrl, baseUpdatedAt: profile?.updatedAt, savedAt: at })) setSavedAt(at);
    };
    pendingWrite.current = write;
    // Only while still pending: a save that finished meanwhile cleared it (and the draft), and must stay cleared.
    const timer = window.setTimeout(() => pendingWrite.current === write && write(), AUTOSAVE_MS);
    return () => window.clearTimeout(timer);
  }, [key, form, step, avatar, profile?.updatedAt]);
  useEffect(() => {
    const flush = () => pendingWrite.current?.();
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, []);

  const checks = useMemo(() => validate(form), [form]);
  const errors = useMemo(() => {
    const shown: FieldErrors = {};
    for (const [field, message] of Object.entries(checks)) if (visited.has(field.split('.')[0]!)) shown[field] = message;
    return { ...shown, ...serverErrors };
  }, [checks, visited, serverErrors]);

  const set = useCallback(<K extends keyof CharacterForm>(field: K, value: CharacterForm[K]) => {
    dirty.current = true;
    setForm((f) => ({ ...f, [field]: value }));
    setServerErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => k.split('.')[0] !== field && k !== 'card')));
  }, []);

  /** Marks a field as visited: from then on its own errors show. */
  const touch = useCallback((field: string) => setVisited((v) => (v.has(field) ? v : new Set(v).add(field))), []);

  const setStep = useCallback((next: number) => {
    dirty.current = true;
    setStepState(Math.max(0, Math.min(STEPS.length - 1, next)));
  }, []);

  /** Moves on unless the current step has errors; then they all show. */
  const next = useCallback(() => {
    setVisited((v) => new Set([...v, ...STEPS[step]!.fields]));
    if (stepErrors({ ...checks, ...serverErrors }, step).length === 0) setStep(step + 1);
  }, [checks, serverErrors, step, setStep]);

  const setAvatar = useCallback(async (blob: Blob) => {
    dirty.current = true;
    setAvatarState({ blob, url: URL.createObjectURL(blob), dataUrl: await readDataUrl(blob) });
    setAvatarRemoved(false);
    setServerErrors(({ avatar: _gone, ...rest }) => rest);
  }, []);

  const clearAvatar = useCallback(() => {
    dirty.current = true;
    setAvatarState(null);
    setAvatarRemoved(true);
  }, []);

  const discardDraft = useCallback(() => {
    pendingWrite.current = null;
    clearDraft(key);
    dirty.current = false;
    setForm(profile ? formFromProfile(profile) : EMPTY_FORM);
    setAvatarState(null);
    setAvatarRemoved(false);
    setServerErrors({});
    setVisited(new Set());
    setSavedAt(null);
    setStepState(0);
  }, [key, profile]);

  const fail = useCallback((error: unknown) => {
    // 422 CONTENT_BLOCKED (and any 422 naming a field): the message goes on that field, on its step.
    if (error instanceof ApiError && error.status === 422 && typeof error.details?.field === 'string') {
      const field = formFieldOf(error.details.field);
      const problems = problemsOf(error.details);
      // Every field with a problem gets a message (not only the first), each naming its rule and the words.
      const byField: FieldErrors = {};
      for (const p of problems) {
        const f = formFieldOf(p.field);
        const line = `${ruleLabel(p.rule)}: “${p.span}”`;
        byField[f] = byField[f] ? `${byField[f]}; ${line}` : line;
      }
      setServerErrors({ [field]: error.serverMessage ?? 'This text was blocked by our policy.', ...byField });
      setBlocked(problems);
      setStepState(stepOf(field));
      return;
    }
    // 409 MODERATION_HOLD: moderators hid it, so it stays private; the message goes on the visibility choice.
    if (error instanceof ApiError && error.code === 'MODERATION_HOLD') {
      setServerErrors({ visibility: error.serverMessage ?? 'Moderators hid this character, so it stays private.' });
      setStepState(stepOf('visibility'));
      return;
    }
    const named = error instanceof ApiError && error.status === 400 ? fieldOfValidation(error.serverMessage ?? '') : null;
    if (named) {
      setServerErrors({ [named.field]: named.message });
      setStepState(stepOf(named.field));
      return;
    }
    setFormError(getErrorMessage(error, 'Could not save the character. Please try again.'));
  }, []);

  /**
   * Saves the character, then its new portrait. Answers the saved profile, or null when something was refused (the
   * errors say what; when only the portrait failed, the character is saved and the form stays on it).
   */
  const submit = useCallback(async (): Promise<CharacterProfile | null> => {
    setFormError(null);
    setBlocked([]);
    setServerErrors({});
    setVisited(new Set(STEPS.flatMap((s) => s.fields)));
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
    pendingWrite.current = null;
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
  }, [checks, profile, created, update, create, form, fail, key, avatar, avatarRemoved, upload, removeAvatarCall]);

  return {
    profile: profile ?? created ?? undefined,
    form,
    set,
    touch,
    step,
    setStep,
    next,
    errors,
    formError,
    blocked,
    avatarUrl: avatar?.url ?? (avatarRemoved ? null : (profile?.avatarUrl ?? null)),
    avatarPending: avatar !== null,
    setAvatar,
    clearAvatar,
    submit,
    saving: create.isPending || update.isPending || upload.isPending || removeAvatarCall.isPending,
    savedAt,
    restored: initial !== null,
    discardDraft,
  };
}

export type CharacterFormState = ReturnType<typeof useCharacterForm>;
