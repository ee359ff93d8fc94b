import { useMutation } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { applySavedCharacter } from '../lib/after-write';

/** DELETE /api/characters/{id}/avatar. */
export const removeCharacterAvatar = (id: string) => apiRequest(api.characters.removeAvatar, { params: { id } });

/** Affects the character's profile (portrait) and the lists that show it. */
export function useRemoveCharacterAvatar() {
  return useMutation({ mutationFn: removeCharacterAvatar, onSuccess: (profile) => applySavedCharacter(queryClient, profile) });
}
