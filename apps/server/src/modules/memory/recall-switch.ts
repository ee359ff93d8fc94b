// The per-conversation recall switch (the chat's memory panel): only the conversation's owner may turn it (another
// user's conversation is a 404, the same as a missing one).
import { AppError } from '../../lib/app-error.ts';
import type { Actor } from '../../lib/access.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { MemoryRepo } from './memory.repo.ts';

export async function setRecall(uow: UnitOfWork<{ memory: MemoryRepo }>, actor: Actor, conversationId: string, enabled: boolean) {
  const own = await uow.repos.memory.ownConversation(conversationId, actor.userId);
  if (!own) throw AppError.notFound('Conversation');
  await uow.repos.memory.setRecall(conversationId, enabled);
  return { enabled };
}
