import { authEndpoints as api } from '@reverie/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config.ts';
import { route } from '../../http/route.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { authOf } from '../../plugins/authenticate.ts';
import { toUser } from '../users/users.mapper.ts';
import { toAuthConfig, toAuthResponse } from './auth.mapper.ts';
import type { AuthService } from './auth.service.ts';
import type { Csrf } from './csrf.ts';
import { AUTH_LIMITS as L } from './rate-limits.ts';
import type { SessionsService } from './sessions.service.ts';

export interface AuthRouteDeps {
  config: Pick<Config, 'google' | 'requireEmailVerification' | 'paymentsMode'>;
  auth: AuthService;
  sessions: SessionsService;
  csrf: Csrf;
  rateLimiter: RateLimiter;
}

export function authRoutes(deps: AuthRouteDeps): FastifyPluginAsync {
  const { auth, sessions, csrf, rateLimiter } = deps;
  return async (app) => {
    route(app, api.config, async () => toAuthConfig(deps.config));

    route(app, api.csrf, async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return { csrfToken: csrf.issue(reply) };
    });

    route(app, api.register, async (req) => {
      await rateLimiter.consume([{ rule: L.registerIp, key: req.ip }]);
      const result = await auth.register(req.body, req.headers['user-agent']);
      return toAuthResponse(result, { requiresEmailVerification: deps.config.requireEmailVerification });
    });

    route(app, api.login, async (req) => toAuthResponse(await auth.login(req.body, { ip: req.ip, userAgent: req.headers['user-agent'] })));

    route(app, api.refresh, async (req) => {
      await rateLimiter.consume([{ rule: L.refreshIp, key: req.ip }]);
      return sessions.rotate(req.body.refreshToken, req.headers['user-agent']);
    });

    route(app, api.logout, async (req) => {
      if (req.body?.refreshToken) await sessions.revokeByToken(req.body.refreshToken);
      if (req.auth) await sessions.revokeFamily(req.auth.sessionId);
      return { success: true, message: 'Signed out' };
    });

    route(app, api.me, async (req) => toUser(await auth.me(authOf(req).userId)));

    route(app, api.updateMe, async (req) => toUser(await auth.updateProfile(authOf(req).userId, req.body)));

    route(app, api.changePassword, async (req) => {
      const { userId, sessionId } = authOf(req);
      await rateLimiter.consume([{ rule: L.passwordChangeUser, key: userId }]);
      await auth.changePassword(userId, sessionId, req.body.currentPassword, req.body.newPassword);
      return { success: true, message: 'Password changed. Other devices have been signed out.' };
    });

    route(app, api.verifyEmail, async (req) => {
      await rateLimiter.consume([{ rule: L.confirmIp, key: req.ip }]);
      const row = await auth.verifyEmail(req.body.token);
      return { success: true, message: 'Your e-mail address is verified. You can sign in now.', user: toUser(row) };
    });

    route(app, api.resendVerification, async (req) => {
      await rateLimiter.consume([
        { rule: L.resendIp, key: req.ip },
        { rule: L.resendAccount, key: req.body.email },
      ]);
      await auth.resendVerification(req.body.email);
      return { success: true, message: 'If that address belongs to an unverified account, a new verification email is on its way.' };
    });

    route(app, api.requestPasswordReset, async (req) => {
      await rateLimiter.consume([
        { rule: L.resetIp, key: req.ip },
        { rule: L.resetAccount, key: req.body.email },
      ]);
      await auth.requestPasswordReset(req.body.email);
      return { success: true, message: 'If an account exists for that email, a password reset link is on its way.' };
    });

    route(app, api.confirmPasswordReset, async (req) => {
      await rateLimiter.consume([{ rule: L.confirmIp, key: req.ip }]);
      await auth.confirmPasswordReset(req.body.token, req.body.password);
      return { success: true, message: 'Your password has been reset. Sign in with your new password.' };
    });

    route(app, api.google, async (req) => {
      await rateLimiter.consume([{ rule: L.googleIp, key: req.ip }]);
      const { isNewUser, ...result } = await auth.googleSignInWithIdToken(req.body.idToken, req.headers['user-agent']);
      return toAuthResponse(result, { isNewUser });
    });

    route(app, api.googleCallback, async (req) => {
      await rateLimiter.consume([{ rule: L.googleIp, key: req.ip }]);
      const { isNewUser, ...result } = await auth.googleSignInWithCode(req.body.code, req.headers['user-agent']);
      return toAuthResponse(result, { isNewUser });
    });
  };
}
