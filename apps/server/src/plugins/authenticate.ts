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
    /** Set by `requireAuthBeside`: the session check the handler settles (see `SessionCheck`). */
    sessionCheck: SessionCheck | null;
  }
  interface FastifyInstance {
    requireAuth: (request: FastifyRequest) => Promise<void>;
    /**
     * `requireAuth` whose session check runs beside the handler instead of before it: the signature is verified
     * here, and the handler awaits `sessionCheckOf(request, read?)` before it changes or reveals anything (a chat
     * message reads its context meanwhile, and that same statement answers the check: no round trip of its own).
     */
    requireAuthBeside: (request: FastifyRequest) => Promise<void>;
    optionalAuth: (request: FastifyRequest) => Promise<void>;
    verifyCsrf: (request: FastifyRequest) => Promise<void>;
  }
}

/** A session check that runs beside the handler (`requireAuthBeside`). */
export interface SessionCheck {
  /** The session (family) the token names. */
  readonly familyId: string;
  /**
   * Settles once the session is known to be signed in, 401 otherwise; every call answers the same outcome. The first
   * call decides how it is known: this process's fresh answer, else `read` (the database's answer from the handler's
   * own statement, `familyActiveSql`; undefined when that statement could not tell), else a lookup.
   */
  settle(read?: Promise<boolean | undefined>): Promise<void>;
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
  sessions: {
    isActive(sessionId: string): Promise<boolean>;
    /** The cached answer while fresh, without a lookup. */
    knownStatus(sessionId: string): boolean | undefined;
    /** Remembers an answer the database gave inside another statement. */
    learnStatus(sessionId: string, active: boolean): void;
  };
}

export function registerAuthentication(app: FastifyInstance, deps: AuthenticationDeps) {
  // A verified signature is remembered until the token's exp (http/token-cache.ts); the session check below still
  // runs on every request, so a revoked session is refused as soon as the session status cache sees it.
  const verified = new VerifiedTokenCache<AccessClaims>((t) => deps.accessTokens.verify(t));
  const signedOut = () => new AppError(401, 'INVALID_TOKEN', INVALID_TOKEN_MESSAGE);
  const checkSession = async (claims: AccessClaims): Promise<void> => {
    if (!(await deps.sessions.isActive(claims.sessionId))) throw signedOut();
  };
  const besideCheck = (familyId: string): SessionCheck => {
    let outcome: Promise<void> | undefined;
    return {
      familyId,
      settle(read) {
        // The read may go unused (this process's answer is fresh, or an earlier call decided): it still gets a
        // handler, or a failing database would leave an unhandled rejection, which ends the process.
        read?.catch(() => {});
        if (!outcome) {
          outcome = (async () => {
            let active = deps.sessions.knownStatus(familyId);
            if (active === undefined && read) {
              active = await read.catch(() => undefined);
              if (active !== undefined) deps.sessions.learnStatus(familyId, active);
            }
            active ??= await deps.sessions.isActive(familyId);
            if (!active) throw signedOut();
          })();
          // Awaited by the handler and by the route after it; never an unhandled rejection meanwhile.
          outcome.catch(() => {});
        }
        return outcome;
      },
    };
  };
  const verify = async (token: string): Promise<AccessClaims> => {
    const claims = await verified.get(token);
    await checkSession(claims);
    return claims;
  };
  app.decorateRequest('auth', null);
  app.decorateRequest('sessionCheck', null);
  app.decorate('requireAuth', async (request: FastifyRequest) => {
    const token = bearer(request);
    if (!token) throw AppError.unauthorized('Sign in to continue');
    request.auth = await verify(token);
  });
  app.decorate('requireAuthBeside', async (request: FastifyRequest) => {
    const token = bearer(request);
    if (!token) throw AppError.unauthorized('Sign in to continue');
    const claims = await verified.get(token);
    request.auth = claims;
    request.sessionCheck = besideCheck(claims.sessionId);
  });
  app.decorate('optionalAuth', async (request: FastifyRequest) => {
    const token = bearer(request);
    if (token) request.auth = await verify(token);
  });
  app.decorate('verifyCsrf', async (request: FastifyRequest) => {
    deps.csrf.verify(request);
  });
}

/** The signed-in user's claims; only call after requireAuth. */
export function authOf(request: Pick<FastifyRequest, 'auth'>): AccessClaims {
  if (!request.auth) throw AppError.unauthorized('Sign in to continue');
  return request.auth;
}

/**
 * The session check of a `requireAuthBeside` route (settled at once for routes that checked before the handler);
 * `read` is the database's answer from the handler's own statement, when it asked (`familyActiveSql`).
 */
export function sessionCheckOf(request: Pick<FastifyRequest, 'sessionCheck'>, read?: Promise<boolean | undefined>): Promise<void> {
  return request.sessionCheck ? request.sessionCheck.settle(read) : Promise.resolve();
}
