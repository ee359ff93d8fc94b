import { useMutation } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';

/** POST /api/auth/resend-verification {email} → {success, message}. A new link replaces the earlier one. */
export const resendVerification = (email: string) => apiRequest(api.auth.resendVerification, { body: { email } });

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
