import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AddCoinsBody,
  AuthConfigResponse,
  AuthResponse,
  ChangePasswordBody,
  CoinsResponse,
  CsrfResponse,
  EmailBody,
  ErrorResponse,
  GoogleCodeBody,
  GoogleIdTokenBody,
  LoginBody,
  LogoutBody,
  PasswordResetConfirmBody,
  RefreshBody,
  RegisterBody,
  SuccessResponse,
  TokenBody,
  TokenPair,
  UpdateMeBody,
  User,
} from '@reverie/shared';
import { AppError } from '../../lib/app-error.ts';
import { authOf } from '../../plugins/authenticate.ts';
import { toUser } from '../users/users.mapper.ts';
import { EmailNotVerifiedError } from './auth.service.ts';
import { AUTH_LIMITS as L } from './rate-limits.ts';

const tags = ['auth'];
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 409: ErrorResponse, 429: ErrorResponse };
const secured = [{ bearerAuth: [] }];

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { rateLimiter, csrf } = app.ctx;
  const s = () => app.ctx.services;

  app.get(
    '/api/auth/config',
    { schema: { tags, summary: 'Sign-in options of this server', response: { 200: AuthConfigResponse } } },
    async () => {
      const { config } = app.ctx;
      return {
        googleClientId: config.google?.clientId ?? null,
        requireEmailVerification: config.requireEmailVerification,
        addCoinsEnabled: config.paymentsMode === 'sandbox',
      };
    },
  );

  app.get(
    '/api/auth/csrf',
    { schema: { tags, summary: 'Issue a CSRF token (cookie + body) for register, login and logout', response: { 200: CsrfResponse } } },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return { csrfToken: csrf.issue(reply) };
    },
  );

  app.post(
    '/api/auth/register',
    { schema: { tags, body: RegisterBody, response: { 201: AuthResponse, ...errors } } },
    async (req, reply) => {
      csrf.verify(req);
      await rateLimiter.consume([{ rule: L.registerIp, key: req.ip }]);
      const result = await s().auth.register(req.body, req.headers['user-agent']);
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/api/auth/login',
    {
      schema: {
        tags,
        description: 'When e-mail verification is required and missing, answers 403 with `requiresEmailVerification: true` and `email`.',
        body: LoginBody,
        response: {
          200: AuthResponse,
          ...errors,
          403: ErrorResponse.extend({ requiresEmailVerification: z.boolean().optional(), email: z.string().optional() }),
        },
      },
    },
    async (req, reply) => {
      csrf.verify(req);
      try {
        return await s().auth.login(req.body, { ip: req.ip, userAgent: req.headers['user-agent'] });
      } catch (err) {
        if (err instanceof EmailNotVerifiedError) {
          return reply
            .status(403)
            .send({
              error: { code: err.code, message: err.message },
              message: err.message,
              requiresEmailVerification: true,
              email: err.email,
            });
        }
        throw err;
      }
    },
  );

  app.post('/api/auth/refresh', { schema: { tags, body: RefreshBody, response: { 200: TokenPair, ...errors } } }, async (req) => {
    await rateLimiter.consume([{ rule: L.refreshIp, key: req.ip }]);
    return s().sessions.rotate(req.body.refreshToken, req.headers['user-agent']);
  });

  app.post(
    '/api/auth/logout',
    { schema: { tags, body: LogoutBody, response: { 200: SuccessResponse, ...errors } }, preHandler: app.optionalAuth },
    async (req) => {
      csrf.verify(req);
      if (req.body?.refreshToken) await s().sessions.revokeByToken(req.body.refreshToken);
      if (req.auth) await s().sessions.revokeFamily(req.auth.sessionId);
      return { success: true, message: 'Signed out' };
    },
  );

  app.get(
    '/api/auth/me',
    { schema: { tags, security: secured, response: { 200: User, 401: ErrorResponse } }, preHandler: app.requireAuth },
    async (req) => {
      const row = await s().users.findById(authOf(req).userId);
      if (!row) throw new AppError(401, 'INVALID_TOKEN', 'Invalid or expired token');
      return toUser(row);
    },
  );

  app.put(
    '/api/auth/me',
    { schema: { tags, security: secured, body: UpdateMeBody, response: { 200: User, ...errors } }, preHandler: app.requireAuth },
    async (req) => {
      return toUser(await s().account.updateProfile(authOf(req).userId, req.body));
    },
  );

  app.patch(
    '/api/auth/me/password',
    {
      schema: { tags, security: secured, body: ChangePasswordBody, response: { 200: SuccessResponse, ...errors } },
      preHandler: app.requireAuth,
    },
    async (req) => {
      const auth = authOf(req);
      await rateLimiter.consume([{ rule: L.passwordChangeUser, key: auth.userId }]);
      await s().auth.changePassword(auth.userId, auth.sessionId, req.body.currentPassword, req.body.newPassword);
      return { success: true, message: 'Password changed. Other devices have been signed out.' };
    },
  );

  app.post(
    '/api/auth/verify-email',
    {
      schema: { tags, body: TokenBody, response: { 200: z.object({ success: z.boolean(), message: z.string(), user: User }), ...errors } },
    },
    async (req) => {
      await rateLimiter.consume([{ rule: L.confirmIp, key: req.ip }]);
      const row = await s().auth.verifyEmail(req.body.token);
      return { success: true, message: 'Your e-mail address is verified. You can sign in now.', user: toUser(row) };
    },
  );

  app.post(
    '/api/auth/resend-verification',
    { schema: { tags, body: EmailBody, response: { 200: SuccessResponse, ...errors } } },
    async (req) => {
      await rateLimiter.consume([
        { rule: L.resendIp, key: req.ip },
        { rule: L.resendAccount, key: req.body.email },
      ]);
      return s().auth.resendVerification(req.body.email);
    },
  );

  app.post(
    '/api/auth/password-reset/request',
    { schema: { tags, body: EmailBody, response: { 200: SuccessResponse, ...errors } } },
    async (req) => {
      await rateLimiter.consume([
        { rule: L.resetIp, key: req.ip },
        { rule: L.resetAccount, key: req.body.email },
      ]);
      return s().auth.requestPasswordReset(req.body.email);
    },
  );

  app.post(
    '/api/auth/password-reset/confirm',
    { schema: { tags, body: PasswordResetConfirmBody, response: { 200: SuccessResponse, ...errors } } },
    async (req) => {
      await rateLimiter.consume([{ rule: L.confirmIp, key: req.ip }]);
      await s().auth.confirmPasswordReset(req.body.token, req.body.password);
      return { success: true, message: 'Your password has been reset. Sign in with your new password.' };
    },
  );

  app.post(
    '/api/auth/google',
    { schema: { tags, body: GoogleIdTokenBody, response: { 200: AuthResponse, ...errors, 503: ErrorResponse } } },
    async (req) => {
      await rateLimiter.consume([{ rule: L.googleIp, key: req.ip }]);
      const profile = await s().google.verifyIdToken(req.body.idToken);
      return s().auth.googleSignIn(profile, req.headers['user-agent']);
    },
  );

  app.post(
    '/api/auth/google/callback',
    { schema: { tags, body: GoogleCodeBody, response: { 200: AuthResponse, ...errors, 503: ErrorResponse } } },
    async (req) => {
      await rateLimiter.consume([{ rule: L.googleIp, key: req.ip }]);
      const profile = await s().google.exchangeCode(req.body.code);
      return s().auth.googleSignIn(profile, req.headers['user-agent']);
    },
  );

  app.post(
    '/api/auth/add-coins',
    {
      schema: {
        tags,
        security: secured,
        description: 'Sandbox only (PAYMENTS_MODE=sandbox). Send an Idempotency-Key header to make retries safe.',
        body: AddCoinsBody,
        response: { 200: CoinsResponse, ...errors },
      },
      preHandler: app.requireAuth,
    },
    async (req) => {
      const auth = authOf(req);
      await rateLimiter.consume([{ rule: L.addCoinsUser, key: auth.userId }]);
      const key = req.headers['idempotency-key'];
      const idem = typeof key === 'string' && key.length > 0 && key.length <= 100 ? key : req.id;
      const coins = await s().auth.addCoins(auth.userId, req.body.amount, idem);
      const row = await s().users.findById(auth.userId);
      return { coins, added: req.body.amount, user: toUser(row!) };
    },
  );
};
