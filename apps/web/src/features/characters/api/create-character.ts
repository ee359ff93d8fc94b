import { useMutation } from '@tanstack/react-query';
import type { CharacterInput } from '@reverie/shared';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { applySavedCharacter } from '../lib/after-write';

/** POST /api/characters: a new character owned by the caller. */
export const createCharacter = (body: CharacterInput) => apiRequest(api.characters.create, { body });

/** Affects the new character's profile and every list it may appear in. */
export function useCreateCharacter() {
  return useMutation({ mutationFn: createCharacter, onSuccess: (profile) => applySavedCharacter(queryClient, profile) });
}
