// "Forget this": the user deletes a memory; the answer is the journal without it.
import type { Actor } from '../../lib/access.ts';
import { journalOf, memoryNotFound, type JournalUnitOfWork } from './journal-access.ts';
import type { MemoryRow } from './memory.repo.ts';

export async function forgetMemory(
  uow: JournalUnitOfWork,
  actor: Actor,
  ids: { conversationId: string; memoryId: string },
): Promise<MemoryRow[]> {
  const journal = await journalOf(uow, actor, ids.conversationId);
  if (!(await uow.repos.memory.forgetMemory(journal.owner, ids.memoryId))) throw memoryNotFound();
  return uow.repos.memory.memories(journal.owner);
}
