import { useMutation } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { charactersKeys } from '@/lib/query-keys/characters';
import { patchCharacter } from '@/features/characters';
import { favoritesKeys } from '@/lib/query-keys/favorites';

/** POST /api/favorites {characterId} to add, DELETE /api/favorites/{characterId} to remove (both idempotent). */
export const setFavorite = ({ id, favorite }: { id: string; favorite: boolean }) =>
  favorite ? apiRequest(api.favorites.add, { body: { characterId: id } }) : apiRequest(api.favorites.remove, { params: { id } });

/** Affects every cached copy of the character (isFavorite, favorites) and the favorites list. */
export function useSetFavorite() {
  return useMutation({
    mutationFn: setFavorite,
    // A profile refetch that started earlier must not land after this answer and undo it.
    onMutate: ({ id }) => queryClient.cancelQueries({ queryKey: charactersKeys.detail(id) }),
    onSuccess: (result, { id }) => {
      patchCharacter(queryClient, id, { isFavorite: result.isFavorite, favorites: result.favorites });
      void queryClient.invalidateQueries({ queryKey: favoritesKeys.all });
    },
  });
}
