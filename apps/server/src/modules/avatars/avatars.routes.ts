// GET /api/avatars/initials?name=…: an image, not JSON, so outside the descriptor contract (like guide covers).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { RateLimiter, RateLimitRule } from '../../lib/rate-limiter.ts';
import type { AvatarsService } from './avatars.service.ts';

/** Cached answers are cheap; the limit stops a script from walking names through the outside service. */
export const AVATAR_LIMIT: RateLimitRule = { name: 'avatars:ip', limit: 300, windowMs: 60_000 };

const Query = z.object({
  name: z
    .string({ error: 'name is required' })
    .trim()
    .min(1, 'name must not be empty')
    .max(60, 'name must be at most 60 characters')
    .regex(/^[^\p{Cc}\p{Cf}]*$/u, 'name must not contain control characters'),
});

export function avatarsRoutes(deps: { avatars: AvatarsService; rateLimiter: RateLimiter }): FastifyPluginAsync {
  return async (app) => {
    app.get(
      '/api/avatars/initials',
      {
        schema: {
          tags: ['users'],
          summary: 'An initials avatar for a name (PNG from the avatar service, or a local SVG)',
          querystring: Query,
        },
        onRequest: async (req: FastifyRequest) => deps.rateLimiter.consume([{ rule: AVATAR_LIMIT, key: req.ip }]),
      },
      async (req, reply) => {
        const { name } = req.query as z.infer<typeof Query>;
        const image = await deps.avatars.initials(name);
        return reply
          .header('content-type', image.contentType)
          .header('cache-control', image.fallback ? 'public, max-age=300' : 'public, max-age=604800')
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
          .send(image.body);
      },
    );
  };
}
