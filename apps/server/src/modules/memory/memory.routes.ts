import { memoryEndpoints as api } from '@reverie/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { route } from '../../http/route.ts';
import { authOf } from '../../plugins/authenticate.ts';
import type { ModerationService } from '../moderation/moderation.service.ts';
import { addMemory } from './add-memory.ts';
import { editMemory } from './edit-memory.ts';
import { forgetMemory } from './forget-memory.ts';
import { toJournalMemory, toMemoryJournal } from './journal.mapper.ts';
import { listMemories } from './list-memories.ts';
import type { MemoryRepo } from './memory.repo.ts';
import { setRecall } from './recall-switch.ts';

export function memoryRoutes(deps: {
  uow: UnitOfWork<{ memory: MemoryRepo }>;
  moderation: Pick<ModerationService, 'assertAllowed'>;
}): FastifyPluginAsync {
  return async (app) => {
    route(app, api.setRecall, async (req) => setRecall(deps.uow, authOf(req), req.params.id, req.body.enabled));
    route(app, api.journal, async (req) => toMemoryJournal(await listMemories(deps.uow, authOf(req), req.params.id)));
    route(app, api.addMemory, async (req) => toJournalMemory(await addMemory(deps, authOf(req), req.params.id, req.body)));
    route(app, api.editMemory, async (req) => {
      const ids = { conversationId: req.params.id, memoryId: req.params.memoryId };
      return toJournalMemory(await editMemory(deps, authOf(req), ids, req.body));
    });
    route(app, api.forgetMemory, async (req) => {
      const ids = { conversationId: req.params.id, memoryId: req.params.memoryId };
      return toMemoryJournal(await forgetMemory(deps.uow, authOf(req), ids));
    });
  };
}
