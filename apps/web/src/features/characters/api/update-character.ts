import { useMutation } from '@tanstack/react-query';
import type { CharacterUpdate } from '@reverie/shared';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { applySavedCharacter } from '../lib/after-write';

/** PUT /api/characters/{id}: the fields sent change, the rest stay (owner or admin). */
export const updateCharacter = ({ id, body }: { id: string; body: CharacterUpdate }) =>
  apiRequest(api.characters.update, { params: { id }, body });

/** Affects the character's profile and every list it may appear in. */
export function useUpdateCharacter() {
  return useMutation({ mutationFn: updateCharacter, onSuccess: (profile) => applySavedCharacter(queryClient, profile) });
}
