import { useMutation } from '@tanstack/react-query';
import type { EndpointBody } from '@reverie/shared';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';

/** POST /api/auth/password-reset/confirm {token, password}. */
export const confirmPasswordReset = (body: EndpointBody<typeof api.auth.confirmPasswordReset>) =>
  apiRequest(api.auth.confirmPasswordReset, { body });

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
