import { PERSONA_LIMITS, personasEndpoints as api } from '@reverie/shared';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/route.ts';
import { AppError } from '../../lib/app-error.ts';
import type { RateLimiter, RateLimitRule } from '../../lib/rate-limiter.ts';
import { authOf } from '../../plugins/authenticate.ts';
import { toConversationPersona, toPersona } from './personas.mapper.ts';
import type { PersonasService } from './personas.service.ts';

/** Saves per user an hour: each is checked by the policy (and the optional judge model). */
export const PERSONA_WRITE_LIMIT: RateLimitRule = { name: 'persona-write:user', limit: 60, windowMs: 3600_000 };
/** Avatar uploads per user an hour (each is a decode and an encode). */
const PERSONA_AVATAR_LIMIT: RateLimitRule = { name: 'persona-avatar:user', limit: 30, windowMs: 3600_000 };

export function personasRoutes(deps: { personas: PersonasService; rateLimiter: RateLimiter }): FastifyPluginAsync {
  const { personas, rateLimiter } = deps;
  return async (app) => {
    route(app, api.list, async (req) => ({
      items: (await personas.list(authOf(req).userId)).map(toPersona),
      max: PERSONA_LIMITS.maxPersonas,
    }));
    const writing = (userId: string) => rateLimiter.consume([{ rule: PERSONA_WRITE_LIMIT, key: userId }]);
    route(app, api.create, async (req, reply) => {
      const actor = authOf(req);
      await writing(actor.userId);
      reply.status(201);
      return toPersona(await personas.create(actor, req.body));
    });
    route(app, api.update, async (req) => {
      const actor = authOf(req);
      await writing(actor.userId);
      return toPersona(await personas.update(actor, req.params.id, req.body));
    });
    route(app, api.remove, async (req) => {
      await personas.remove(authOf(req), req.params.id);
      return { success: true, message: 'Persona deleted' };
    });
    route(app, api.setDefault, async (req) => toPersona(await personas.setDefault(authOf(req), req.params.id)));
    route(app, api.uploadAvatar, async (req) => {
      const actor = authOf(req);
      await rateLimiter.consume([{ rule: PERSONA_AVATAR_LIMIT, key: actor.userId }]);
      if (!req.isMultipart()) {
        throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the image as multipart/form-data in a field named "file".');
      }
      const part = await req.file();
      if (!part || part.fieldname !== 'file') throw AppError.badRequest('Send the image in a field named "file".');
      return toPersona(await personas.setAvatar(actor, req.params.id, await part.toBuffer()));
    });
    route(app, api.removeAvatar, async (req) => toPersona(await personas.removeAvatar(authOf(req), req.params.id)));
    route(app, api.conversationPersona, async (req) => toConversationPersona(await personas.ofConversation(authOf(req), req.params.id)));
    route(app, api.choose, async (req) =>
      toConversationPersona(await personas.choose(authOf(req), req.params.id, req.body.personaId, req.body.account ?? false)),
    );
  };
}
