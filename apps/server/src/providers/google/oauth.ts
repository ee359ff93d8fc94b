// Google sign-in with google-auth-library: verify an ID token (Google Identity Services) or exchange an
// authorization code (popup "postmessage" flow) for one.
import { OAuth2Client } from 'google-auth-library';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';
import type { GoogleProfile, GoogleSignIn } from './google.ts';

export type GoogleConfig = NonNullable<Config['google']>;

export function createOAuthGoogleSignIn(config: GoogleConfig): GoogleSignIn {
  const client = new OAuth2Client({
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    // The popup code flow of Google Identity Services uses the literal redirect URI "postmessage".
    redirectUri: 'postmessage',
    endpoints: { oauth2TokenUrl: config.tokenUrl, oauth2FederatedSignonPemCertsUrl: config.certsUrl },
  });

  async function verifyIdToken(idToken: string): Promise<GoogleProfile> {
    let payload;
    try {
      const ticket = await client.verifyIdToken({ idToken, audience: config.clientId });
      payload = ticket.getPayload();
    } catch {
      throw new AppError(401, 'UNAUTHORIZED', 'Google sign-in failed: the Google credential could not be verified.');
    }
    if (!payload?.sub || !payload.email)
      throw new AppError(401, 'UNAUTHORIZED', 'Google sign-in failed: your Google account has no e-mail address.');
    return {
      sub: payload.sub,
      email: payload.email.toLowerCase(),
      emailVerified: payload.email_verified === true,
      name: payload.name,
      picture: payload.picture,
      issuedAt: payload.iat,
    };
  }

  return {
    name: 'google',
    kind: 'google-oauth',
    health: async () => ({ status: 'ok' }),
    verifyIdToken,
    async exchangeCode(code) {
      let idToken: string | null | undefined;
      try {
        const { tokens } = await client.getToken(code);
        idToken = tokens.id_token;
      } catch {
        throw new AppError(401, 'UNAUTHORIZED', 'Google sign-in failed: the authorization code was refused.');
      }
      if (!idToken) throw new AppError(401, 'UNAUTHORIZED', 'Google sign-in failed: Google returned no identity.');
      return verifyIdToken(idToken);
    },
  };
}
