// Regenerating: a new alternative (swipe) of the last reply, or the answer to the last message when it has none yet
// (a reply lost with the connection; free once when a crash lost it), or of a reply in the middle of the conversation
// (after its message was edited, issue #28): its history then ends at the message it answers.
import { AppError } from '../../lib/app-error.ts';
import type { Charged, ChargeInput, ReplyUseCase } from './pipeline.types.ts';
import type { ChatDeps } from './chat-deps.ts';
import type { ChatMessageRow } from './chat.repo.ts';
import type { Undo } from './undo.ts';

/**
 * The progress row of a regenerated or continued reply, then its cost (a refused charge takes the row back);
 * `answers`: the message this reply answers, whose reply is free when a crash left it without one.
 */
export async function chargeReply(deps: ChatDeps, c: ChargeInput, undo: Undo, answers: string | null): Promise<Charged> {
  const { actor, progress } = c;
  const owedReply = (async () => {
    const owed = await deps.uow.run(async ({ replyProgress }) => {
      const taken = answers !== null && (await replyProgress.takeReplyOwed(answers));
      await replyProgress.insertProgress({
        ...progress,
        chargeKey: taken ? '' : progress.chargeKey,
        conversationId: c.conversation.id,
        kind: c.kind,
        newReply: !c.target,
        userMessageId: answers,
      });
      return taken;
    });
    if (owed) return true;
    // Outside the transaction: a free use is one statement (prepared once per connection, not per transaction).
    await deps.entitlements
      .consumeChatAllowanceOrCharge(actor.userId, progress.chargeKey, c.entitled, purposeOf(c.kind))
      .catch(async (err: unknown) => {
        await deps.uow.repos.replyProgress.deleteProgress(progress.id).catch(() => {});
        throw err;
      });
    return false;
  })();
  undo.add(() =>
    owedReply.then(
      async (owed) => {
        const { replyProgress } = deps.uow.repos;
        await replyProgress.deleteProgress(progress.id).catch(() => {});
        await deps.entitlements.release(actor.userId, 'chat', progress.chargeKey).catch(() => {});
        if (owed && answers)
          await replyProgress.markReplyOwed({ conversationId: c.conversation.id, userId: actor.userId, userMessageId: answers });
      },
      () => {}, // nothing was saved or charged
    ),
  );
  return { userMessage: null, freeFor: (await owedReply) ? answers : null };
}

/**
 * The history of a reply named by id (`messageId` of a regenerate), newest first: the reply and the plan's number of
 * messages before it; later messages stay out of its prompt and as they are. 404 when the conversation has no such
 * message, 409 when it is not a reply.
 */
export async function historyUpTo(
  deps: ChatDeps,
  conversationId: string,
  messageId: string,
  historyMessages: number,
): Promise<ChatMessageRow[]> {
  const newest = await deps.uow.repos.chat.messagesUpTo(conversationId, messageId, historyMessages + 1);
  if (!newest.length) throw AppError.notFound('Message');
  if (newest[0]!.role !== 'assistant') throw AppError.conflict('Only a reply can be regenerated: pick the reply after your message.');
  return newest;
}

/** What the ledger calls a regenerate's or a continue's charge (a plain message has no purpose). */
const purposeOf = (kind: ChargeInput['kind']) => (kind === 'continue' ? 'continue' : kind === 'regenerate' ? 'regenerate' : undefined);

/** POST /api/chat/{characterId}/regenerate (the routes hand it to `Generation.prepare`). */
export const regenerateReply: ReplyUseCase = {
  kind: 'regenerate',
  check() {}, // the pipeline refuses a reply without a conversation (404)
  target(newest, hasUserMessage) {
    const last = newest[0];
    if (!last) throw AppError.conflict('There is no reply to regenerate yet.');
    if (!hasUserMessage) throw AppError.conflict('The greeting has no reply to regenerate: swipe through its alternatives instead.');
    return last.role === 'assistant' ? last : undefined;
  },
  charge: (deps, c, undo) => chargeReply(deps, c, undo, c.target ? null : c.newest[0]!.id),
};
