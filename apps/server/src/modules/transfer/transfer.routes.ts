import { CARD_BOUNDS, transferEndpoints as api } from '@reverie/shared';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/route.ts';
import type { RateLimiter, RateLimitRule } from '../../lib/rate-limiter.ts';
import { authOf } from '../../plugins/authenticate.ts';
import { uploadedFile } from '../characters/characters.routes.ts';
import type { TransferService } from './transfer.service.ts';

export const TRANSFER_LIMITS_PER_USER = {
  exportChat: { name: 'transfer:export-chat', limit: 60, windowMs: 600_000 },
  importChat: { name: 'transfer:import-chat', limit: 20, windowMs: 3600_000 },
  /** Every character and chat at once is costly: a few times an hour. */
  everything: { name: 'transfer:everything', limit: 3, windowMs: 3600_000 },
} satisfies Record<string, RateLimitRule>;

export function transferRoutes(deps: { transfer: TransferService; rateLimiter: RateLimiter }): FastifyPluginAsync {
  const { transfer, rateLimiter } = deps;
  const limit = (rule: RateLimitRule, key: string) => rateLimiter.consume([{ rule, key }]);
  return async (app) => {
    route(app, api.exportConversation, async (req, reply) => {
      const actor = authOf(req);
      await limit(TRANSFER_LIMITS_PER_USER.exportChat, actor.userId);
      const file = await transfer.exportConversation(actor, req.params.id, req.query.format);
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(file.bytes);
    });

    route(app, api.importChat, async (req, reply) => {
      const actor = authOf(req);
      await limit(TRANSFER_LIMITS_PER_USER.importChat, actor.userId);
      const { bytes } = await uploadedFile(req, 'chat file', CARD_BOUNDS.chat.fileBytes);
      const result = await transfer.importChat(actor, req.params.id, bytes);
      return reply.status(201).send(result);
    });

    route(app, api.exportEverything, async (req, reply) => {
      const actor = authOf(req);
      await limit(TRANSFER_LIMITS_PER_USER.everything, actor.userId);
      const zip = transfer.exportAll(actor.userId);
      return reply
        .type('application/zip')
        .header('content-disposition', 'attachment; filename="reverie-export.zip"')
        .header('cache-control', 'private, no-store')
        .send(zip);
    });
  };
}
