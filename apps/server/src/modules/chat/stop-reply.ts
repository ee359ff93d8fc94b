// The user's Stop: a reply of theirs being written (one-to-one or in a group) is stopped in whichever process writes
// it. Its words so far are saved as an incomplete reply by the writer, as a stop always did (reply-writer.ts).
import type { StopReplyResult } from '@reverie/shared';
import type { Actor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ChatUnitOfWork } from './chat-deps.ts';
import type { ReplyStops } from './reply-stops.ts';

export async function stopReply(deps: { uow: ChatUnitOfWork; stops: ReplyStops }, actor: Actor, replyId: string): Promise<StopReplyResult> {
  // Another user's reply answers as one that is not being written: nothing tells them it exists.
  if (!(await deps.uow.repos.replyProgress.isWriting(actor.userId, replyId))) {
    throw new AppError(404, 'NOT_FOUND', 'That reply is not being written any more.');
  }
  await deps.stops.stop(replyId);
  return { stopped: true };
}
