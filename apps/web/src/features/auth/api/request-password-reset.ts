import { useMutation } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';

/** POST /api/auth/password-reset/request {email}: mails a /settings?resetToken=… link (same answer for unknown addresses). */
export const requestPasswordReset = (email: string) => apiRequest(api.auth.requestPasswordReset, { body: { email } });

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
