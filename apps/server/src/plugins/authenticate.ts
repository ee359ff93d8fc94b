// Bearer-token authentication and the CSRF check, as preHandlers the route helper picks from a descriptor:
// `requireAuth` refuses anonymous requests with 401; `optionalAuth` fills request.auth when a valid token is
// present and otherwise lets the request through; `verifyCsrf` refuses a missing or forged CSRF token with 403.
import { INVALID_TOKEN_MESSAGE } from '@reverie/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import type { AccessClaims, AccessTokens } from '../modules/auth/access-tokens.ts';
import type { Csrf } from '../modules/auth/csrf.ts';
import { VerifiedTokenCache } from '../http/token-cache.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth: AccessClaims | null;
  }
  interface FastifyInstance {
    requireAuth: (request: FastifyRequest) => Promise<void>;
    optionalAuth: (request: FastifyRequest) => Promise<void>;
    verifyCsrf: (request: FastifyRequest) => Promise<void>;
    /** An access token's claims, checked as `requireAuth` checks a bearer token (a call's first message carries one). */
    verifyAccessToken: (token: string) => Promise<AccessClaims>;
  }
}

function bearer(request: FastifyRequest): string | undefined {
  const h = request.headers.authorization;
  if (!h) return undefined;
  const m = /^Bearer\s+(.+)$/i.exec(h);
  return m?.[1]?.trim();
}

export interface AuthenticationDeps {
  accessTokens: AccessTokens;
  csrf: Csrf;
  /** Whether a session is still signed in (logout, family revocation and password change end it). */
  sessions: { isActive(sessionId: string): Promise<boolean> };
}

export function registerAuthentication(app: FastifyInstance, deps: AuthenticationDeps) {
  // A verified signature is remembered until the token's exp (http/token-cache.ts); the session check below still
  // runs on every request, so a revoked session is refused as soon as the session status cache sees it.
  const verified = new VerifiedTokenCache<AccessClaims>((t) => deps.accessTokens.verify(t));
  const signedOut = () => new AppError(401, 'INVALID_TOKEN', INVALID_TOKEN_MESSAGE);
  const checkSession = async (claims: AccessClaims): Promise<void> => {
    if (!(await deps.sessions.isActive(claims.sessionId))) throw signedOut();
  };
  const verify = async (token: string): Promise<AccessClaims> => {
    const claims = await verified.get(token);
    await checkSession(claims);
    return claims;
  };
  app.decorateRequest('auth', null);
  app.decorate('requireAuth', async (request: FastifyRequest) => {
    const token = bearer(request);
    if (!token) throw AppError.unauthorized('Sign in to continue');
    request.auth = await verify(token);
  });
  app.decorate('optionalAuth', async (request: FastifyRequest) => {
    const token = bearer(request);
    if (token) request.auth = await verify(token);
  });
  app.decorate('verifyAccessToken', verify);
  app.decorate('verifyCsrf', async (request: FastifyRequest) => {
    deps.csrf.verify(request);
  });
}

/** The signed-in user's claims; only call after requireAuth. */
export function authOf(request: Pick<FastifyRequest, 'auth'>): AccessClaims {
  if (!request.auth) throw AppError.unauthorized('Sign in to continue');
  return request.auth;
}
