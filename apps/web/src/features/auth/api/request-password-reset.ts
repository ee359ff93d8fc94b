import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/auth/password-reset/request {email}: mails a /settings?resetToken=… link (same answer for unknown addresses). */
export function requestPasswordReset(email: string): Promise<{ success: boolean; message?: string }> {
  return api.post('/api/auth/password-reset/request', { email });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
