import { authEndpoints as api } from '@reverie/shared';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { fixedBody, sendCached, type CachedBody } from '../../http/cache.ts';
import { route } from '../../http/route.ts';
import type { RateLimiter, RateLimitRule } from '../../lib/rate-limiter.ts';
import { authOf } from '../../plugins/authenticate.ts';
import { toUser } from '../users/users.mapper.ts';
import type { UserRow } from '../users/users.repo.ts';
import { toAuthConfig, toAuthResponse } from './auth.mapper.ts';
import type { AuthService } from './auth.service.ts';
import type { Csrf } from './csrf.ts';
import { AUTH_LIMITS as L } from './rate-limits.ts';
import type { SessionsService } from './sessions.service.ts';

export interface AuthRouteDeps {
  config: Pick<Config, 'google' | 'requireEmailVerification' | 'sandboxTopUp' | 'env'>;
  auth: AuthService;
  sessions: SessionsService;
  csrf: Csrf;
  rateLimiter: RateLimiter;
}

/**
 * The two reads every page asks for, checked against the contract and serialised once, then sent as the same bytes
 * with an ETag the browser revalidates (#45): the sign-in options (they only change with a restart) and the signed-in
 * user's kept row (current-users.ts, serialised once per row; `private` keeps it out of shared caches).
 */
function cachedReads(app: FastifyInstance, auth: AuthService, config: AuthRouteDeps['config']) {
  const authConfig = fixedBody(api.config.response.parse(toAuthConfig(config)));
  route(app, api.config, async (req, reply) => sendCached(req, reply, authConfig, 'no-cache') as never);
  const meBodies = new WeakMap<UserRow, CachedBody>();
  route(app, api.me, async (req, reply) => {
    const row = await auth.me(authOf(req).userId);
    let body = meBodies.get(row);
    if (!body) meBodies.set(row, (body = fixedBody(api.me.response.parse(toUser(row)))));
    return sendCached(req, reply, body, 'private, no-cache') as never;
  });
}

export function authRoutes(deps: AuthRouteDeps): FastifyPluginAsync {
  const { auth, sessions, csrf, rateLimiter } = deps;
  /** A per-IP budget counted on arrival: before the body is validated and before any lookup. */
  const perIp = (rule: RateLimitRule) => ({
    onRequest: async (req: FastifyRequest) => rateLimiter.consume([{ rule, key: req.ip }]),
  });
  return async (app) => {
    cachedReads(app, auth, deps.config);

    route(app, api.csrf, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return { csrfToken: csrf.issue(req as unknown as FastifyRequest, reply) };
    });

    route(app, api.register, perIp(L.registerIp), async (req) => {
      const result = await auth.register(req.body, req.headers['user-agent']);
      return toAuthResponse(result, { requiresEmailVerification: deps.config.requireEmailVerification });
    });

    route(app, api.login, perIp(L.loginIp), async (req) =>
      toAuthResponse(await auth.login(req.body, { ip: req.ip, userAgent: req.headers['user-agent'] })),
    );

    route(app, api.refresh, perIp(L.refreshIp), async (req) => sessions.rotate(req.body.refreshToken, req.headers['user-agent']));

    route(app, api.logout, async (req) => {
      if (req.body?.refreshToken) await sessions.revokeByToken(req.body.refreshToken);
      if (req.auth) await sessions.revokeFamily(req.auth.sessionId);
      return { success: true, message: 'Signed out' };
    });

    route(app, api.updateMe, async (req) => {
      const { userId } = authOf(req);
      const { currentPassword, googleIdToken, googleCode, ...patch } = req.body;
      // Each proof attempt counts, so a stolen access token cannot be used to guess the password here.
      if (currentPassword || googleIdToken || googleCode) await rateLimiter.consume([{ rule: L.reauthUser, key: userId }]);
      return toUser(await auth.updateProfile(userId, patch, { currentPassword, googleIdToken, googleCode }));
    });

    route(app, api.revertEmailChange, perIp(L.confirmIp), async (req) => {
      await auth.revertIdentityChange(req.body.token, req.ip);
      return {
        success: true,
        message:
          'Your previous e-mail address and username are restored and every session is signed out. If someone else knew your password, reset it now.',
      };
    });

    route(app, api.changePassword, async (req) => {
      const { userId, sessionId } = authOf(req);
      await rateLimiter.consume([{ rule: L.passwordChangeUser, key: userId }]);
      await auth.changePassword(userId, sessionId, req.body.currentPassword, req.body.newPassword);
      return { success: true, message: 'Password changed. Other devices have been signed out.' };
    });

    route(app, api.verifyEmail, perIp(L.confirmIp), async (req) => {
      const row = await auth.verifyEmail(req.body.token, req.ip);
      return { success: true, message: 'Your e-mail address is verified. You can sign in now.', user: toUser(row) };
    });

    route(app, api.resendVerification, perIp(L.resendIp), async (req) => {
      await rateLimiter.consume([{ rule: L.resendAccount, key: req.body.email }]);
      auth.queueResendVerification(req.body.email);
      return { success: true, message: 'If that address belongs to an unverified account, a new verification email is on its way.' };
    });

    route(app, api.requestPasswordReset, perIp(L.resetIp), async (req) => {
      await rateLimiter.consume([{ rule: L.resetAccount, key: req.body.email }]);
      auth.queuePasswordReset(req.body.email);
      return { success: true, message: 'If an account exists for that email, a password reset link is on its way.' };
    });

    route(app, api.confirmPasswordReset, perIp(L.confirmIp), async (req) => {
      await auth.confirmPasswordReset(req.body.token, req.body.password, req.ip);
      return { success: true, message: 'Your password has been reset. Sign in with your new password.' };
    });

    route(app, api.google, perIp(L.googleIp), async (req) => {
      const { isNewUser, ...result } = await auth.googleSignInWithIdToken(req.body.idToken, req.headers['user-agent']);
      return toAuthResponse(result, { isNewUser });
    });

    route(app, api.googleCallback, perIp(L.googleIp), async (req) => {
      const { isNewUser, ...result } = await auth.googleSignInWithCode(req.body.code, req.headers['user-agent']);
      return toAuthResponse(result, { isNewUser });
    });
  };
}
