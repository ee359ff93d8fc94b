import { useMutation } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { applyOwnUser } from '@/features/auth';

/** DELETE /api/users/{id}/avatar: back to the generated initials avatar. */
export function removeAvatar(userId: string | null | undefined) {
  if (!userId) return Promise.reject(new Error('User not authenticated'));
  return apiRequest(api.users.removeAvatar, { params: { id: userId } });
}

/** Affects the session user and the cached public profile (avatar). */
export function useRemoveAvatar() {
  return useMutation({ mutationFn: removeAvatar, onSuccess: (result) => applyOwnUser(result.user) });
}
