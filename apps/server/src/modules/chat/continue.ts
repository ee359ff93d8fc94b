// Continuing: the model writes more of the last reply, charged like a regeneration.
import type { Actor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Generation, PreparedGeneration, ReplyUseCase } from './generation.ts';
import { chargeReply } from './regenerate.ts';

const continueReply: ReplyUseCase = {
  kind: 'continue',
  check(_deps, read) {
    if (!read.found) throw AppError.notFound('Conversation');
  },
  target(newest) {
    const last = newest[0];
    if (!last || last.role !== 'assistant') throw AppError.conflict('There is no reply to continue yet.');
    return last;
  },
  charge: (deps, c, undo) => chargeReply(deps, c, undo, null),
};

/** POST /api/chat/{characterId}/continue. */
export function continueLastReply(
  generation: Generation,
  actor: Actor,
  characterId: string,
  body: { conversationId?: string },
  rateLimit: () => Promise<void>,
): Promise<PreparedGeneration> {
  return generation.prepare(continueReply, { actor, characterId, conversationId: body.conversationId, rateLimit });
}
