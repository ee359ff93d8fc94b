import { useState } from 'react';
import { getErrorMessage } from '@/lib/api-client';
import { logError } from '@/lib/request-queue';
import { useAuthConfig } from '../api/get-auth-config';
import { GOOGLE_UNAVAILABLE_MESSAGE, GoogleCancelledError, requestGoogleCode } from '../lib/google-identity';

/**
 * A fresh Google sign-in as proof of presence for a sensitive change (an account without a password): `confirm()`
 * opens Google's dialog and keeps the one-time code it returns; a closed dialog is not an error.
 */
export function useGoogleConfirmation(setError: (message: string | null) => void) {
  const [code, setCode] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const config = useAuthConfig();

  const confirm = async () => {
    setError(null);
    const clientId = config.data?.googleClientId;
    if (!clientId) return setError(GOOGLE_UNAVAILABLE_MESSAGE);
    setConfirming(true);
    try {
      setCode(await requestGoogleCode(clientId));
    } catch (err) {
      if (!(err instanceof GoogleCancelledError)) {
        logError('Google confirmation failed', err);
        setError(getErrorMessage(err, 'Google sign-in failed'));
      }
    } finally {
      setConfirming(false);
    }
  };

  return { code, confirming, confirm, clear: () => setCode(null) };
}
