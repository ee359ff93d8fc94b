import { useMutation } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { endSession } from '../lib/session-store';

/** POST /api/auth/email-change/revert {token}: puts back the previous e-mail and username, signs out every session. */
export const revertEmailChange = (token: string) => apiRequest(api.auth.revertEmailChange, { body: { token } });

/** Affects the whole session: the server revoked it, so this browser signs out too. */
export function useRevertEmailChange() {
  return useMutation({ mutationFn: revertEmailChange, onSuccess: () => endSession() });
}
