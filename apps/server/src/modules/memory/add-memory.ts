// The user adds a memory to the journal of a conversation's character (or group): checked against the content policy
// like their own message, refused with a 409 once the journal holds MAX_MEMORIES.
import { MAX_MEMORIES } from '@reverie/shared';
import { AppError } from '../../lib/app-error.ts';
import type { Actor } from '../../lib/access.ts';
import type { ModerationService } from '../moderation/moderation.service.ts';
import { journalOf, type JournalUnitOfWork } from './journal-access.ts';
import type { MemoryRow } from './memory.repo.ts';

export const JOURNAL_FULL = `This journal already holds ${MAX_MEMORIES} memories, the most it can keep. Forget one before you add another.`;

export async function addMemory(
  deps: { uow: JournalUnitOfWork; moderation: Pick<ModerationService, 'assertAllowed'> },
  actor: Actor,
  conversationId: string,
  body: { text: string; pinned?: boolean },
): Promise<MemoryRow> {
  const journal = await journalOf(deps.uow, actor, conversationId);
  deps.moderation.assertAllowed(
    { memory: body.text },
    { surface: 'chat-user', nsfwContext: journal.nsfw, userId: actor.userId, fieldLabels: { memory: 'memory' } },
  );
  const [row] = await deps.uow.repos.memory.addMemories(
    journal.owner,
    [{ text: body.text, pinned: body.pinned ?? false, source: 'user', messageIds: [] }],
    MAX_MEMORIES,
  );
  if (!row) throw AppError.conflict(JOURNAL_FULL);
  return row;
}
