import { useCallback, useEffect, useRef, type MutableRefObject } from 'react';
import { clearDraft, saveDraft } from '../lib/draft';
import type { CharacterForm } from '../lib/form';

const AUTOSAVE_MS = 400;

/**
 * The creator's draft, written 400 ms after the last change, and at once when the form goes away (another page, a
 * closed tab) with a change not written yet. Only changes the user made count (`dirty`). `forget` removes the draft
 * and drops a write still pending (after a save or a discard: the draft must stay gone).
 */
export function useDraftAutosave(o: {
  key: string;
  form: CharacterForm;
  step: number;
  avatarDataUrl: string | undefined;
  baseUpdatedAt: string | undefined;
  dirty: MutableRefObject<boolean>;
  onSaved: (at: number) => void;
}) {
  const { key, form, step, avatarDataUrl, baseUpdatedAt, dirty, onSaved } = o;
  const pendingWrite = useRef<(() => void) | null>(null);
  useEffect(() => {
    if (!dirty.current) return;
    const write = () => {
      pendingWrite.current = null;
      const at = Date.now();
      if (saveDraft(key, { form, step, avatar: avatarDataUrl, baseUpdatedAt, savedAt: at })) onSaved(at);
    };
    pendingWrite.current = write;
    // Only while still pending: a save that finished meanwhile cleared it (and the draft), and must stay cleared.
    const timer = window.setTimeout(() => pendingWrite.current === write && write(), AUTOSAVE_MS);
    return () => window.clearTimeout(timer);
  }, [key, form, step, avatarDataUrl, baseUpdatedAt, dirty, onSaved]);
  useEffect(() => {
    const flush = () => pendingWrite.current?.();
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, []);
  const forget = useCallback(() => {
    pendingWrite.current = null;
    clearDraft(key);
    dirty.current = false;
  }, [key, dirty]);
  return { forget };
}
