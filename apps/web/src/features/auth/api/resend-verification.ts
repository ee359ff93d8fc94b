import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/auth/resend-verification {email} → {success, message}. */
export function resendVerification(email: string): Promise<{ success: boolean; message?: string }> {
  return api.post('/api/auth/resend-verification', { email });
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification });
}
