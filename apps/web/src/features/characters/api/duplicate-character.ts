import { useMutation } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { applySavedCharacter } from '../lib/after-write';

/** POST /api/characters/{id}/duplicate: a private copy owned by the caller. */
export const duplicateCharacter = (id: string) => apiRequest(api.characters.duplicate, { params: { id } });

/** Affects the copy's profile and the caller's character list. */
export function useDuplicateCharacter() {
  return useMutation({ mutationFn: duplicateCharacter, onSuccess: (profile) => applySavedCharacter(queryClient, profile) });
}
