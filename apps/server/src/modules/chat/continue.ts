// Continuing: the model writes more of the last reply, charged like a regeneration.
import { AppError } from '../../lib/app-error.ts';
import type { ReplyUseCase } from './pipeline.types.ts';
import { chargeReply } from './regenerate.ts';

/** POST /api/chat/{characterId}/continue (the routes hand it to `Generation.prepare`). */
export const continueLastReply: ReplyUseCase = {
  kind: 'continue',
  check() {}, // the pipeline refuses a reply without a conversation (404)
  target(newest) {
    const last = newest[0];
    if (!last || last.role !== 'assistant') throw AppError.conflict('There is no reply to continue yet.');
    return last;
  },
  charge: (deps, c, undo) => chargeReply(deps, c, undo, null),
};
