import { usersEndpoints as api } from '@reverie/shared';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/route.ts';
import { ownerPolicy } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { RateLimiter, RateLimitRule } from '../../lib/rate-limiter.ts';
import { toAvatarResponse, toPublicUser, toUser } from './users.mapper.ts';
import type { NsfwGate } from '../age/age-gate.ts';
import type { SocialService } from '../social/social.service.ts';
import type { UsersService } from './users.service.ts';

const AVATAR_LIMIT: RateLimitRule = { name: 'avatar:user', limit: 20, windowMs: 3600_000 };

/** An account is its own owner: only its user (or an admin) may change it; anyone else gets 404. */
export const accountPolicy = ownerPolicy<{ id: string }>({ what: 'User', ownerId: (u) => u.id });

export function usersRoutes(deps: {
  users: UsersService;
  social: SocialService;
  rateLimiter: RateLimiter;
  /** The NSFW switches stay off where age assurance is required and not done. */
  age: NsfwGate;
}): FastifyPluginAsync {
  const { users, social, rateLimiter, age } = deps;
  return async (app) => {
    route(app, api.publicProfile, async (req) => {
      const row = await users.get(req.params.id);
      const [counts, isFollowing] = await Promise.all([
        social.counts(row.id, req.auth),
        req.auth ? social.isFollowing(req.auth, row.id) : undefined,
      ]);
      return toPublicUser(row, counts, isFollowing);
    });

    route(app, api.updatePreferences, async (req) => {
      const { id } = accountPolicy.assert(req.auth, req.params, 'write');
      await age.assertOpen(req, req.body.nsfwEnabled === true);
      return toUser(await users.updatePreferences(id, req.body));
    });

    route(app, api.updateSettings, async (req) => {
      const { id } = accountPolicy.assert(req.auth, req.params, 'write');
      await age.assertOpen(req, req.body.showNsfwByDefault === true);
      return toUser(await users.updateSettings(id, req.body));
    });

    route(app, api.uploadAvatar, async (req) => {
      const { id } = accountPolicy.assert(req.auth, req.params, 'write');
      await rateLimiter.consume([{ rule: AVATAR_LIMIT, key: id }]);
      if (!req.isMultipart()) {
        throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the image as multipart/form-data in a field named "file".');
      }
      const part = await req.file();
      if (!part || part.fieldname !== 'file') throw AppError.badRequest('Send the image in a field named "file".');
      return toAvatarResponse(await users.setAvatar(id, await part.toBuffer()));
    });

    route(app, api.removeAvatar, async (req) => {
      const { id } = accountPolicy.assert(req.auth, req.params, 'write');
      return toAvatarResponse(await users.removeAvatar(id));
    });
  };
}
