import { useMutation } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { applyDeletedCharacter } from '../lib/after-write';

/** DELETE /api/characters/{id} (owner or admin). */
export const deleteCharacter = ({ id }: { id: string; creatorId: string }) => apiRequest(api.characters.remove, { params: { id } });

/** Removes the character's profile from the cache and refetches every list it was in. */
export function useDeleteCharacter() {
  return useMutation({
    mutationFn: deleteCharacter,
    onSuccess: (_r, { id, creatorId }) => applyDeletedCharacter(queryClient, id, creatorId),
  });
}
