// The user edits a memory's text (checked against the content policy like their own message), or pins or unpins it.
import type { Actor } from '../../lib/access.ts';
import type { ModerationService } from '../moderation/moderation.service.ts';
import { journalOf, memoryNotFound, type JournalUnitOfWork } from './journal-access.ts';
import type { MemoryRow } from './memory.repo.ts';

export async function editMemory(
  deps: { uow: JournalUnitOfWork; moderation: Pick<ModerationService, 'assertAllowed'> },
  actor: Actor,
  ids: { conversationId: string; memoryId: string },
  body: { text?: string; pinned?: boolean },
): Promise<MemoryRow> {
  const journal = await journalOf(deps.uow, actor, ids.conversationId);
  if (body.text !== undefined) {
    deps.moderation.assertAllowed(
      { memory: body.text },
      { surface: 'chat-user', nsfwContext: journal.nsfw, userId: actor.userId, fieldLabels: { memory: 'memory' } },
    );
  }
  const row = await deps.uow.repos.memory.editMemory(journal.owner, ids.memoryId, body);
  if (!row) throw memoryNotFound();
  return row;
}
