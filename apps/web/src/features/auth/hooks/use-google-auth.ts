import { useState } from 'react';
import { THIRD_PARTY_SIGNUP_COINS } from '@reverie/shared';
import { getErrorMessage } from '@/lib/api-client';
import { logError } from '@/lib/request-queue';
import { toast } from '@/lib/toast';
import { useAuthConfig } from '../api/get-auth-config';
import { useGoogleSignIn } from '../api/google-callback';
import { GOOGLE_UNAVAILABLE_MESSAGE, GoogleCancelledError, requestGoogleCode } from '../lib/google-identity';

export const GOOGLE_SIGN_IN_FAILED = 'Google sign-in failed';
export const GOOGLE_SIGN_UP_FAILED = 'Google sign-up failed';

/**
 * "Continue with Google" for both dialogs: popup → code → POST /api/auth/google/callback → signed in.
 * Errors go to `onError` (the dialog's red box); success calls `onSuccess` after the welcome toast.
 */
export function useGoogleAuth(mode: 'signIn' | 'signUp', handlers: { onSuccess: () => void; onError: (message: string) => void }) {
  const config = useAuthConfig();
  const googleSignIn = useGoogleSignIn();
  const [busy, setBusy] = useState(false);
  const fallback = mode === 'signIn' ? GOOGLE_SIGN_IN_FAILED : GOOGLE_SIGN_UP_FAILED;

  const start = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const clientId = config.data?.googleClientId ?? (config.data ? null : (await config.refetch()).data?.googleClientId);
      if (!clientId) {
        handlers.onError(GOOGLE_UNAVAILABLE_MESSAGE);
        return;
      }
      const code = await requestGoogleCode(clientId);
      const response = await googleSignIn.mutateAsync(code);
      if (response.isNewUser) {
        toast({
          title: 'Account Created Successfully!',
          description: `Here are ${THIRD_PARTY_SIGNUP_COINS} free coins to get you started.`,
          variant: 'success',
        });
      } else {
        toast({ title: `Welcome back, ${response.user.username}!`, variant: 'success' });
      }
      handlers.onSuccess();
    } catch (error) {
      if (error instanceof GoogleCancelledError) return;
      logError('Google sign-in failed', error);
      handlers.onError(getErrorMessage(error, fallback));
    } finally {
      setBusy(false);
    }
  };

  // Offered only once the server says Google sign-in is configured (a button that can only fail is not offered).
  return { start: () => void start(), busy, available: !!config.data?.googleClientId };
}
