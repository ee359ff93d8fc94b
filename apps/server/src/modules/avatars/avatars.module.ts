import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { avatarsRoutes } from './avatars.routes.ts';
import { AvatarsService } from './avatars.service.ts';

export function createAvatarsModule(deps: { config: Pick<Config, 'avatarServiceUrl'>; rateLimiter: RateLimiter; log: FastifyBaseLogger }) {
  const avatars = new AvatarsService({ serviceUrl: deps.config.avatarServiceUrl, log: deps.log });
  return { services: { avatars }, routes: avatarsRoutes({ avatars, rateLimiter: deps.rateLimiter }) };
}
