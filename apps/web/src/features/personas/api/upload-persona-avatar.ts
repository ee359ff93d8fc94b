import { useMutation } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { ApiError, apiRequest } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { personasKeys } from '@/lib/query-keys/personas';

/** POST /api/personas/{id}/avatar (multipart field `file`), with the server's reason when it refuses the file. */
export async function uploadPersonaAvatar({ id, file }: { id: string; file: File }) {
  const body = new FormData();
  body.append('file', file);
  try {
    return await apiRequest(api.personas.uploadAvatar, { params: { id }, body });
  } catch (error) {
    if (error instanceof ApiError) throw new Error(`Upload failed: ${error.serverMessage ?? `status ${error.status}`}`);
    throw error;
  }
}

/** Affects the personas list and the avatars in conversations. */
export const useUploadPersonaAvatar = () =>
  useMutation({ mutationFn: uploadPersonaAvatar, onSuccess: () => queryClient.invalidateQueries({ queryKey: personasKeys.all }) });
