import { useCallback } from 'react';
import type { CharacterProfile } from '@reverie/shared';
import { useCreateCharacter, useRemoveCharacterAvatar, useUpdateCharacter, useUploadCharacterAvatar } from '@/features/characters';
import type { toBody } from '../lib/form';
import type { PendingAvatar } from './use-portrait';

/** How a save ended: saved; refused (nothing changed); or saved without its portrait (`saved` is the character). */
export type SaveOutcome =
  | { kind: 'saved'; profile: CharacterProfile }
  | { kind: 'refused'; error: unknown }
  | { kind: 'portrait-failed'; saved: CharacterProfile; error: unknown };

/**
 * Saves a character (creates it, or updates `target`), then its portrait: the new picture, or the removal of the old
 * one. `onSaved` runs once the character itself is saved, before the portrait goes.
 */
export function useSaveCharacter() {
  const create = useCreateCharacter();
  const update = useUpdateCharacter();
  const upload = useUploadCharacterAvatar();
  const removeAvatar = useRemoveCharacterAvatar();
  const save = useCallback(
    async (
      target: CharacterProfile | null,
      body: ReturnType<typeof toBody>,
      portrait: { pending: PendingAvatar | null; removed: boolean },
      onSaved: () => void,
    ): Promise<SaveOutcome> => {
      let saved: CharacterProfile;
      try {
        saved = target ? await update.mutateAsync({ id: target.id, body }) : await create.mutateAsync(body);
      } catch (error) {
        return { kind: 'refused', error };
      }
      onSaved();
      try {
        if (portrait.pending) saved = await upload.mutateAsync({ id: saved.id, file: portrait.pending.blob });
        else if (portrait.removed && saved.avatarUrl) saved = await removeAvatar.mutateAsync(saved.id);
      } catch (error) {
        return { kind: 'portrait-failed', saved, error };
      }
      return { kind: 'saved', profile: saved };
    },
    [create, update, upload, removeAvatar],
  );
  const saving = create.isPending || update.isPending || upload.isPending || removeAvatar.isPending;
  return { save, saving };
}
