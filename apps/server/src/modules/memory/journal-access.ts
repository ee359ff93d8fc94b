// Whose journal a request reads: the caller's conversation names it (its character's, or its group's for a group chat).
// Another user's conversation, or a memory of another journal, is the same 404 as a missing one, so ids cannot be probed.
import { AppError } from '../../lib/app-error.ts';
import type { Actor } from '../../lib/access.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { JournalConversation, MemoryRepo, MemoryRow } from './memory.repo.ts';

export type JournalUnitOfWork = UnitOfWork<{ memory: MemoryRepo }>;

export async function journalOf(uow: JournalUnitOfWork, actor: Actor, conversationId: string): Promise<JournalConversation> {
  const conversation = await uow.repos.memory.journalConversation(conversationId, actor.userId);
  if (!conversation) throw new AppError(404, 'NOT_FOUND', 'This conversation was not found. It may have been deleted.');
  return conversation;
}

export function memoryNotFound(): AppError {
  return new AppError(404, 'NOT_FOUND', 'This memory was not found. It may have been forgotten already.');
}

/** The memory of the journal, or the 404. */
export async function ownMemory(uow: JournalUnitOfWork, journal: JournalConversation, memoryId: string): Promise<MemoryRow> {
  const row = await uow.repos.memory.memory(journal.owner, memoryId);
  if (!row) throw memoryNotFound();
  return row;
}
