// Bearer-token authentication. `app.requireAuth` as a preHandler refuses anonymous requests with 401;
// `app.optionalAuth` fills request.auth when a valid token is present and otherwise lets the request through.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';
import type { AccessClaims } from '../modules/auth/access-tokens.ts';
import { VerifiedTokenCache } from '../http/token-cache.ts'; // perf

declare module 'fastify' {
  interface FastifyRequest {
    auth: AccessClaims | null;
  }
  interface FastifyInstance {
    requireAuth: (request: FastifyRequest) => Promise<void>;
    optionalAuth: (request: FastifyRequest) => Promise<void>;
  }
}

function bearer(request: FastifyRequest): string | undefined {
  const h = request.headers.authorization;
  if (!h) return undefined;
  const m = /^Bearer\s+(.+)$/i.exec(h);
  return m?.[1]?.trim();
}

export function registerAuthentication(app: FastifyInstance) {
  app.decorateRequest('auth', null);
  // perf: a verified token is remembered until its exp (http/token-cache.ts)
  let verified: VerifiedTokenCache<AccessClaims> | undefined;
  const verify = (token: string) => (verified ??= new VerifiedTokenCache((t) => app.ctx.accessTokens.verify(t))).get(token);
  app.decorate('requireAuth', async (request: FastifyRequest) => {
    const token = bearer(request);
    if (!token) throw AppError.unauthorized('Sign in to continue');
    request.auth = await verify(token);
  });
  app.decorate('optionalAuth', async (request: FastifyRequest) => {
    const token = bearer(request);
    if (token) request.auth = await verify(token);
  });
}

/** The signed-in user's claims; only call after requireAuth. */
export function authOf(request: FastifyRequest): AccessClaims {
  if (!request.auth) throw AppError.unauthorized('Sign in to continue');
  return request.auth;
}

/**
 * Owner-scoped routes: acting on another user's id answers 404, as if it did not exist,
 * so ids of other accounts cannot be probed. Admins may act on anyone.
 */
export function assertSelf(request: FastifyRequest, userId: string): AccessClaims {
  const auth = authOf(request);
  if (auth.userId !== userId && auth.role !== 'admin') throw AppError.notFound('User');
  return auth;
}
