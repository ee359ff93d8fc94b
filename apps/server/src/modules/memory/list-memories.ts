// The journal of a conversation's character (or group), as the memory panel lists it: pinned first, then the newest.
import type { Actor } from '../../lib/access.ts';
import { journalOf, type JournalUnitOfWork } from './journal-access.ts';
import type { MemoryRow } from './memory.repo.ts';

export async function listMemories(uow: JournalUnitOfWork, actor: Actor, conversationId: string): Promise<MemoryRow[]> {
  const journal = await journalOf(uow, actor, conversationId);
  return uow.repos.memory.memories(journal.owner);
}
