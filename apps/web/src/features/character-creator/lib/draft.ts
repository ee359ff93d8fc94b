// Autosaved drafts: the form (and a cropped portrait not uploaded yet) kept in this browser per account and per
// character, so a reload or a closed tab loses nothing. A draft of an existing character only applies to the
// version it was started from.
import { CHARACTER_DRAFT_PREFIX, readJson, removeKeys, writeJson } from '@/lib/storage-keys';
import { EMPTY_FORM, type CharacterForm } from './form';

export interface CharacterDraft {
  form: CharacterForm;
  step: number;
  /** A cropped portrait waiting to be uploaded, as a data URL. */
  avatar?: string;
  /** The character's `updatedAt` when the draft was started (edits only). */
  baseUpdatedAt?: string;
  savedAt: number;
}

export const DRAFT_PREFIX = CHARACTER_DRAFT_PREFIX;

export const draftKey = (userId: string, characterId: string | undefined) => `${DRAFT_PREFIX}${userId}:${characterId ?? 'new'}`;

export function loadDraft(key: string, baseUpdatedAt?: string): CharacterDraft | null {
  const draft = readJson<CharacterDraft | null>(key, null);
  if (!draft || typeof draft !== 'object' || typeof draft.form !== 'object' || draft.form === null) return null;
  if (draft.baseUpdatedAt !== baseUpdatedAt) return null;
  // Fields added later get their defaults; unknown ones are dropped.
  const form = { ...EMPTY_FORM };
  for (const key of Object.keys(EMPTY_FORM) as (keyof CharacterForm)[]) {
    const value = draft.form[key];
    if (typeof value === typeof EMPTY_FORM[key] && Array.isArray(value) === Array.isArray(EMPTY_FORM[key])) {
      (form as Record<string, unknown>)[key] = value;
    }
  }
  return { ...draft, form, step: Number.isInteger(draft.step) ? draft.step : 0 };
}

/** Returns false when the browser refused (storage full: a large portrait); the form keeps working. */
export function saveDraft(key: string, draft: CharacterDraft): boolean {
  if (writeJson(key, draft)) return true;
  // Without the portrait it usually fits.
  return draft.avatar ? writeJson(key, { ...draft, avatar: undefined }) : false;
}

export function clearDraft(key: string): void {
  removeKeys(key);
}
