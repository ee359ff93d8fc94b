import { charactersEndpoints as api } from '@reverie/shared';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { route } from '../../http/route.ts';
import { AppError } from '../../lib/app-error.ts';
import { CHARX_LIMITS } from '../../lib/character-card/index.ts';
import type { RateLimiter, RateLimitRule } from '../../lib/rate-limiter.ts';
import { authOf } from '../../plugins/authenticate.ts';
import type { NsfwGate } from '../age/age-gate.ts';
import { CARD_RATINGS, type CardRating } from './character-card.mapper.ts';
import type { CharacterCards } from './character-cards.service.ts';
import type { CharactersService } from './characters.service.ts';
import type { PortraitFiles } from './portrait-files.ts';

/** Per user; images and cards cost CPU (sharp, card parsing), so they get the tighter budgets. */
export const CHARACTER_LIMITS_PER_USER = {
  create: { name: 'character:create', limit: 60, windowMs: 3600_000 },
  update: { name: 'character:update', limit: 300, windowMs: 3600_000 },
  remove: { name: 'character:delete', limit: 120, windowMs: 3600_000 },
  avatar: { name: 'character:avatar', limit: 30, windowMs: 3600_000 },
  import: { name: 'character:import', limit: 30, windowMs: 3600_000 },
  /** Per user, or per address for guests. */
  export: { name: 'character:export', limit: 60, windowMs: 600_000 },
} satisfies Record<string, RateLimitRule>;

const PortraitParams = z.object({ id: z.uuid(), name: z.string().regex(/^[a-f0-9]{24}\.webp$/) });
const PortraitQuery = z.object({
  exp: z.coerce.number().int().positive().optional().catch(undefined),
  sig: z.string().max(64).optional().catch(undefined),
});

const mb = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** The multipart field `file` as bytes, with a size limit whose refusal says what the limit is. */
export async function uploadedFile(
  req: FastifyRequest,
  what: string,
  maxBytes: number,
): Promise<{ bytes: Buffer; filename: string; fields: Record<string, string> }> {
  if (!req.isMultipart()) {
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', `Send the ${what} as multipart/form-data in a field named "file".`);
  }
  const part = await req.file({ limits: { fileSize: maxBytes } });
  if (!part || part.fieldname !== 'file') throw AppError.badRequest(`Send the ${what} in a field named "file".`);
  try {
    const bytes = await part.toBuffer();
    // Plain fields sent before the file (the card import's `rating`).
    const fields: Record<string, string> = {};
    for (const [name, f] of Object.entries(part.fields)) {
      const field = Array.isArray(f) ? f[0] : f;
      if (field && field.type === 'field' && typeof field.value === 'string') fields[name] = field.value;
    }
    return { bytes, filename: part.filename, fields };
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, 'PAYLOAD_TOO_LARGE', `The ${what} is too large: the limit is ${mb(maxBytes)}.`);
    }
    throw err;
  }
}

export interface CharactersRouteDeps {
  characters: CharactersService;
  cards: CharacterCards;
  portraits: PortraitFiles;
  rateLimiter: RateLimiter;
  uploadLimit: number;
  /** Closes NSFW characters where age assurance is required and not done (docs/compliance.md). */
  age: NsfwGate;
}

type Limit = (rule: RateLimitRule, key: string) => Promise<unknown>;

/**
 * A private character's portrait files: images, not JSON, so outside the descriptor contract (the answers that show
 * the character carry these links, signed: portrait-files.ts). Anything but a genuine, unexpired link: 404.
 */
function portraitFileRoute(app: FastifyInstance, portraits: PortraitFiles) {
  app.get(
    '/api/characters/:id/portraits/:name',
    {
      schema: {
        tags: ['characters'],
        summary: "A private character's portrait or thumbnail (WebP), by the signed link its owner's answers carry",
        params: PortraitParams,
        querystring: PortraitQuery,
      },
    },
    async (request, reply) => {
      const { id, name } = request.params as z.infer<typeof PortraitParams>;
      const q = request.query as z.infer<typeof PortraitQuery>;
      const bytes = await portraits.read(id, name, q.exp, q.sig);
      if (!bytes) return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Image not found' }, message: 'Image not found' });
      return reply
        .header('content-type', 'image/webp')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=3600')
        .send(bytes);
    },
  );
}

/** Character cards: importing a card file as a new character, and exporting a character as one. */
function characterCardRoutes(app: FastifyInstance, deps: CharactersRouteDeps, limit: Limit) {
  const { characters, cards } = deps;
  route(app, api.importCard, async (req) => {
    const actor = authOf(req);
    await limit(CHARACTER_LIMITS_PER_USER.import, actor.userId);
    const { bytes, filename, fields } = await uploadedFile(req, 'card', CHARX_LIMITS.fileBytes);
    const rating = fields.rating;
    if (rating !== undefined && rating !== '' && !CARD_RATINGS.includes(rating as CardRating)) {
      throw AppError.badRequest("rating must be sfw, suggestive or nsfw (or left out to use the card's own tags).");
    }
    const { id, report } = await cards.import(actor, bytes, filename, rating ? { rating: rating as CardRating } : {});
    return { character: await characters.get(id, actor), report };
  });

  route(app, api.exportCard, async (req, reply) => {
    await limit(CHARACTER_LIMITS_PER_USER.export, req.auth?.userId ?? req.ip);
    const file = await cards.export(req.auth, req.params.id, req.query.format);
    return reply
      .type(file.contentType)
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('cache-control', 'private, no-store')
      .send(file.bytes);
  });
}

export function charactersRoutes(deps: CharactersRouteDeps): FastifyPluginAsync {
  const { characters, rateLimiter, uploadLimit, age } = deps;
  const limit = (rule: RateLimitRule, key: string) => rateLimiter.consume([{ rule, key }]);
  return async (app) => {
    route(app, api.list, async (req) =>
      characters.list({ ...req.query, filter: await age.contentFilter(req, req.query.filter) }, req.auth),
    );

    portraitFileRoute(app, deps.portraits);

    route(app, api.get, async (req) => {
      const profile = await characters.get(req.params.id, req.auth);
      await age.assertOpen(req, profile.nsfw);
      return profile;
    });

    route(app, api.userCharacters, async (req) => {
      // Closed NSFW is left out by the query, so the page's total and its pages count only what is shown.
      return characters.byCreator(req.params.id, req.query, req.auth, await age.nsfwLocked(req));
    });

    route(app, api.create, async (req) => {
      const actor = authOf(req);
      await limit(CHARACTER_LIMITS_PER_USER.create, actor.userId);
      return characters.create(actor, req.body);
    });

    route(app, api.update, async (req) => {
      const actor = authOf(req);
      await limit(CHARACTER_LIMITS_PER_USER.update, actor.userId);
      return characters.update(actor, req.params.id, req.body);
    });

    route(app, api.remove, async (req) => {
      const actor = authOf(req);
      await limit(CHARACTER_LIMITS_PER_USER.remove, actor.userId);
      await characters.remove(actor, req.params.id);
      return { success: true, message: 'Character deleted' };
    });

    route(app, api.uploadAvatar, async (req) => {
      const actor = authOf(req);
      await limit(CHARACTER_LIMITS_PER_USER.avatar, actor.userId);
      const { bytes } = await uploadedFile(req, 'image', uploadLimit);
      return characters.setAvatar(actor, req.params.id, bytes);
    });

    route(app, api.removeAvatar, async (req) => {
      const actor = authOf(req);
      await limit(CHARACTER_LIMITS_PER_USER.update, actor.userId);
      return characters.removeAvatar(actor, req.params.id);
    });

    route(app, api.duplicate, async (req) => {
      const actor = authOf(req);
      await limit(CHARACTER_LIMITS_PER_USER.create, actor.userId);
      return characters.duplicate(actor, req.params.id);
    });

    characterCardRoutes(app, deps, limit);
  };
}
