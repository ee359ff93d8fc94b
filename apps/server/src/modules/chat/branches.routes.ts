import { branchesEndpoints as api } from '@reverie/shared';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../http/route.ts';
import { AppError } from '../../lib/app-error.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { authOf } from '../../plugins/authenticate.ts';
import { toChatBranchTree } from './branches.mapper.ts';
import type { Branches } from './branches.ts';
import { CHAT_RATE } from './chat.routes.ts';

export function branchRoutes(deps: { branches: Branches; rateLimiter: RateLimiter }): FastifyPluginAsync {
  const { branches, rateLimiter } = deps;
  return async (app) => {
    route(app, api.fork, async (req) => {
      const actor = authOf(req);
      const rateLimit = () => rateLimiter.consume([{ rule: CHAT_RATE, key: actor.userId }]);
      const { id, tree } = await branches.fork(actor, req.params.id, req.body.messageId, rateLimit);
      const wire = toChatBranchTree(tree);
      const branch = wire.items.find((b) => b.id === id);
      if (!branch) throw new AppError(500, 'INTERNAL', 'The new branch could not be read back');
      return { branch, tree: wire };
    });
    route(app, api.tree, async (req) => toChatBranchTree(await branches.tree(authOf(req), req.params.id)));
  };
}
