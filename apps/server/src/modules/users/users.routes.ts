import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AvatarResponse, ErrorResponse, IdParam, PublicUser, UpdatePreferencesBody, UpdateSettingsBody, User } from '@reverie/shared';
import { AppError } from '../../lib/app-error.ts';
import type { RateLimitRule } from '../../lib/rate-limiter.ts';
import { assertSelf } from '../../plugins/authenticate.ts';
import { toPublicUser, toUser } from './users.mapper.ts';

const tags = ['users'];
const secured = [{ bearerAuth: [] }];
const errors = { 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse, 413: ErrorResponse, 415: ErrorResponse, 429: ErrorResponse };
const AVATAR_LIMIT: RateLimitRule = { name: 'avatar:user', limit: 20, windowMs: 3600_000 };

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const s = () => app.ctx.services;

  app.get(
    '/api/users/:id',
    { schema: { tags, summary: 'Public profile', params: IdParam, response: { 200: PublicUser, 404: ErrorResponse } } },
    async (req) => {
      const row = await s().users.findById(req.params.id);
      if (!row) throw AppError.notFound('User');
      return toPublicUser(row);
    },
  );

  app.put(
    '/api/users/:id/preferences',
    {
      schema: { tags, security: secured, params: IdParam, body: UpdatePreferencesBody, response: { 200: User, ...errors } },
      preHandler: app.requireAuth,
    },
    async (req) => {
      assertSelf(req, req.params.id);
      return toUser(await s().account.updatePreferences(req.params.id, req.body));
    },
  );

  app.put(
    '/api/users/:id/settings',
    {
      schema: { tags, security: secured, params: IdParam, body: UpdateSettingsBody, response: { 200: User, ...errors } },
      preHandler: app.requireAuth,
    },
    async (req) => {
      assertSelf(req, req.params.id);
      return toUser(await s().account.updateSettings(req.params.id, req.body));
    },
  );

  app.post(
    '/api/users/:id/avatar',
    {
      schema: {
        tags,
        security: secured,
        consumes: ['multipart/form-data'],
        description: 'Multipart field `file`: an image, re-encoded to a 512×512 WebP.',
        params: IdParam,
        response: { 200: AvatarResponse, ...errors },
      },
      preHandler: app.requireAuth,
    },
    async (req) => {
      assertSelf(req, req.params.id);
      await app.ctx.rateLimiter.consume([{ rule: AVATAR_LIMIT, key: req.params.id }]);
      if (!req.isMultipart())
        throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the image as multipart/form-data in a field named "file".');
      const part = await req.file();
      if (!part || part.fieldname !== 'file') throw AppError.badRequest('Send the image in a field named "file".');
      const bytes = await part.toBuffer();
      const row = await s().account.setAvatar(req.params.id, bytes);
      return { avatarUrl: row.avatarUrl, user: toUser(row) };
    },
  );

  app.delete(
    '/api/users/:id/avatar',
    { schema: { tags, security: secured, params: IdParam, response: { 200: AvatarResponse, ...errors } }, preHandler: app.requireAuth },
    async (req) => {
      assertSelf(req, req.params.id);
      const row = await s().account.removeAvatar(req.params.id);
      return { avatarUrl: null, user: toUser(row) };
    },
  );
};
