import type { ProviderHealth } from '../health.ts';

export interface GoogleProfile {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string | undefined;
  picture: string | undefined;
  /** When Google issued the ID token (seconds since the epoch): a re-authentication must be recent. */
  issuedAt: number | undefined;
}

/** Google sign-in: turn an ID token or an authorization code into a verified profile. */
export interface GoogleSignIn extends ProviderHealth {
  verifyIdToken(idToken: string): Promise<GoogleProfile>;
  exchangeCode(code: string): Promise<GoogleProfile>;
}
