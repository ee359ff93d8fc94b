import { memoryEndpoints as api } from '@reverie/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { route } from '../../http/route.ts';
import { authOf } from '../../plugins/authenticate.ts';
import type { MemoryRepo } from './memory.repo.ts';
import { setRecall } from './recall-switch.ts';

export function memoryRoutes(deps: { uow: UnitOfWork<{ memory: MemoryRepo }> }): FastifyPluginAsync {
  return async (app) => {
    route(app, api.setRecall, async (req) => setRecall(deps.uow, authOf(req), req.params.id, req.body.enabled));
  };
}
