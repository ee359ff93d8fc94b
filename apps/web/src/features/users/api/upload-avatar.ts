import { useMutation } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { ApiError, apiRequest } from '@/lib/api-client';
import { applyOwnUser } from '@/features/auth';

/** POST /api/users/{id}/avatar (multipart field `file`). Requires a signed-in user (product.md §5). */
export async function uploadAvatar({ userId, file }: { userId: string | null | undefined; file: File }) {
  if (!userId) throw new Error('User not authenticated');
  const body = new FormData();
  body.append('file', file);
  try {
    return await apiRequest(api.users.uploadAvatar, { params: { id: userId }, body });
  } catch (error) {
    // product.md §8 "Upload failed: <status text>", with the server's explanation when it gave one.
    if (error instanceof ApiError) throw new Error(`Upload failed: ${error.serverMessage ?? `status ${error.status}`}`);
    throw error;
  }
}

/** Affects the session user and the cached public profile (avatar). */
export function useUploadAvatar() {
  return useMutation({ mutationFn: uploadAvatar, onSuccess: (result) => applyOwnUser(result.user) });
}
