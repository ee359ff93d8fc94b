import { useMutation } from '@tanstack/react-query';
import { api } from '@reverie/shared';
import { apiRequest } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { applySavedCharacter } from '../lib/after-write';

/** POST /api/characters/import (multipart field `file`): a Character Card PNG or JSON becomes a private character. */
export function importCharacterCard(file: File) {
  const body = new FormData();
  body.append('file', file, file.name);
  return apiRequest(api.characters.importCard, { body });
}

/** Affects the new character's profile and the caller's character list. */
export function useImportCharacterCard() {
  return useMutation({ mutationFn: importCharacterCard, onSuccess: (result) => applySavedCharacter(queryClient, result.character) });
}
