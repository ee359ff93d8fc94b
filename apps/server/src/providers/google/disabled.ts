// Without GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, every Google call answers 503 with a way forward.
import { AppError } from '../../lib/app-error.ts';
import type { GoogleSignIn } from './google.ts';

const notConfigured = () =>
  new AppError(503, 'NOT_CONFIGURED', 'Google sign-in is not available on this server. Sign in with your e-mail and password instead.');

export function createDisabledGoogleSignIn(): GoogleSignIn {
  return {
    name: 'google',
    kind: 'google-oauth',
    health: async () => ({ status: 'disabled', detail: 'set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET' }),
    verifyIdToken: async () => {
      throw notConfigured();
    },
    exchangeCode: async () => {
      throw notConfigured();
    },
  };
}
