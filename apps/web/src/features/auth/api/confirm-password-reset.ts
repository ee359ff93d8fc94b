import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export interface ConfirmPasswordResetInput {
  token: string;
  password: string;
}

/** POST /api/auth/password-reset/confirm {token, password}. */
export function confirmPasswordReset(input: ConfirmPasswordResetInput): Promise<{ success: boolean; message?: string }> {
  return api.post('/api/auth/password-reset/confirm', input);
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
