// A message the character writes first, while the user has not written (first-messages.ts schedules it): a new reply
// at the end of the conversation, free, asked for by a note where the user's message would stand.
import type { Charged, ChargeInput, ReplyUseCase } from './pipeline.types.ts';
import type { ChatDeps } from './chat-deps.ts';
import type { Undo } from './undo.ts';

/** How long the user has been away, in words the model reads ("about 9 hours", "about 2 days"). */
export function formatAway(hours: number): string {
  if (hours < 36) return `about ${Math.max(1, Math.round(hours))} hours`;
  return `about ${Math.round(hours / 24)} days`;
}

/**
 * The note the model gets in place of a user's message: the user has been away; the character reaches out first,
 * continuing the conversation. It is never saved nor shown; the reply is checked by the policy like any other.
 */
export function awayNote(awayHours: number): string {
  return (
    `[The user has not written for ${formatAway(awayHours)}. Write the character's next message: reach out to them first, ` +
    'in character, continuing the conversation naturally from where it left off. One short message. Do not mention this note.]'
  );
}

/** The reply's progress row, with no charge: such messages are free to the user. */
async function chargeNothing(deps: ChatDeps, c: ChargeInput, undo: Undo): Promise<Charged> {
  const { progress } = c;
  const row = { ...progress, chargeKey: '', conversationId: c.conversation.id, kind: c.kind, newReply: true, userMessageId: null };
  await deps.uow.repos.replyProgress.insertProgress(row);
  undo.add(() => deps.uow.repos.replyProgress.deleteProgress(progress.id).catch(() => {}));
  return { userMessage: null, freeFor: null };
}

/** The schedule of first-messages.ts hands it to `Generation.prepare` with the conversation's one-to-one source. */
export const writeFirst: ReplyUseCase = {
  kind: 'first',
  check() {}, // the pipeline refuses a reply without a conversation (404); the schedule checks the rest
  target: () => undefined,
  charge: chargeNothing,
};
