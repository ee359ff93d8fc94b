import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
}

/** PATCH /api/auth/me/password. Accounts without a password (Google) send an empty current password. */
export function changePassword(input: ChangePasswordInput): Promise<{ success: boolean; message?: string }> {
  return api.patch('/api/auth/me/password', input);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
