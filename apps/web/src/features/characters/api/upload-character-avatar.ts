import { useMutation } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { ApiError, apiRequest } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { applySavedCharacter } from '../lib/after-write';

/** POST /api/characters/{id}/avatar (multipart field `file`): the server re-encodes it as the 2:3 portrait. */
export async function uploadCharacterAvatar({ id, file }: { id: string; file: Blob }) {
  const body = new FormData();
  body.append('file', file, 'portrait.jpg');
  try {
    return await apiRequest(api.characters.uploadAvatar, { params: { id }, body });
  } catch (error) {
    // product.md §8 "Upload failed: <status text>", with the server's explanation when it gave one.
    if (error instanceof ApiError) throw new Error(`Upload failed: ${error.serverMessage ?? `status ${error.status}`}`);
    throw error;
  }
}

/** Affects the character's profile (portrait) and the lists that show it. */
export function useUploadCharacterAvatar() {
  return useMutation({ mutationFn: uploadCharacterAvatar, onSuccess: (profile) => applySavedCharacter(queryClient, profile) });
}
