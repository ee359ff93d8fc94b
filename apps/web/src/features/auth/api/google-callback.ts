import { useMutation } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { establishSession } from '../lib/session-store';

/** POST /api/auth/google/callback: exchanges a Google authorization code for a session. */
export const googleCallback = (code: string) => apiRequest(api.auth.googleCallback, { body: { code } });

/** Completes Google sign-in with the popup's code; the answer becomes the session (`isNewUser` marks a new account). */
export function useGoogleSignIn() {
  return useMutation({ mutationFn: googleCallback, onSuccess: establishSession });
}
