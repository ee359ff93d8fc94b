import { useMutation } from '@tanstack/react-query';
import type { User } from '@reverie/shared';
import { ApiError, api } from '@/lib/api-client';
import { updateSessionUser } from '@/features/auth/session-store';

export interface AvatarResult {
  avatarUrl: string | null;
  user: User;
}

/** POST /api/users/{id}/avatar (multipart field `file`). Requires a signed-in user (SPEC §5). */
export async function uploadAvatar(userId: string | null | undefined, file: File): Promise<AvatarResult> {
  if (!userId) throw new Error('User not authenticated');
  const form = new FormData();
  form.append('file', file);
  try {
    return await api.post<AvatarResult>(`/api/users/${encodeURIComponent(userId)}/avatar`, form);
  } catch (error) {
    // SPEC §8 "Upload failed: <status text>", with the server's explanation when it gave one.
    if (error instanceof ApiError) throw new Error(`Upload failed: ${error.serverMessage ?? `status ${error.status}`}`);
    throw error;
  }
}

/** DELETE /api/users/{id}/avatar: back to the generated initials avatar. */
export function deleteAvatar(userId: string | null | undefined): Promise<AvatarResult> {
  if (!userId) return Promise.reject(new Error('User not authenticated'));
  return api.delete<AvatarResult>(`/api/users/${encodeURIComponent(userId)}/avatar`);
}

export function useUploadAvatar() {
  return useMutation({
    mutationFn: ({ userId, file }: { userId: string; file: File }) => uploadAvatar(userId, file),
    onSuccess: (result) => updateSessionUser(result.user),
  });
}

export function useDeleteAvatar() {
  return useMutation({ mutationFn: deleteAvatar, onSuccess: (result) => updateSessionUser(result.user) });
}
