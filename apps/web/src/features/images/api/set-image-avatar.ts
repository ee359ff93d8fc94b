import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { charactersKeys } from '@/lib/query-keys/characters';

/** POST /api/images/{id}/avatar: the picture becomes the avatar of your character (its own, unless another is named). */
export const setImageAsAvatar = ({ id, characterId }: { id: string; characterId?: string }) =>
  apiRequest(api.images.setAvatar, { params: { id }, body: characterId ? { characterId } : {} });

/** Affects the character everywhere it is shown (profile, cards). */
export function useSetImageAsAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setImageAsAvatar,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: charactersKeys.all }),
  });
}
