// Sending a message: the message must pass the blocked-content policy in the conversation's scope; it is saved with
// its cost (a free use of the plan, else coins, else 402 { cost, balance }) in one transaction, and the model answers.
import type { Actor } from '../../lib/access.ts';
import type { Generation, PreparedGeneration, ReplyUseCase } from './generation.ts';
import { conversationScope } from './moderation-scope.ts';

const send: ReplyUseCase = {
  kind: 'send',
  check(deps, read, req) {
    deps.moderation.assertAllowed(
      { content: req.content },
      {
        surface: 'chat-user',
        nsfwContext: read.character.nsfw,
        userId: req.actor.userId,
        fieldLabels: { content: 'message' },
        scope: conversationScope(deps.moderation, read.character, read.found, read.newest),
      },
    );
  },
  target: () => undefined,
  async charge(deps, c, undo) {
    // The first message of a conversation makes it a real one: the character's chat count grows with it.
    const countOn = c.hasUserMessage ? null : c.character.id;
    const saved = deps.uow.run(async ({ chat }) => {
      const message = await chat.insertUserMessage(c.conversation.id, c.content!, countOn, c.progress);
      await deps.entitlements.consumeChatAllowanceOrCharge(c.actor.userId, c.progress.chargeKey, c.entitled);
      return message;
    });
    undo.add(() =>
      saved.then(
        async (message) => {
          await deps.uow.repos.chat.withdrawUserMessage(message.id, c.conversation.id, countOn).catch(() => {});
          await deps.entitlements.release(c.actor.userId, 'chat', c.progress.chargeKey);
        },
        () => {}, // nothing was saved or charged
      ),
    );
    return { userMessage: await saved, freeFor: null };
  },
};

/** POST /api/chat/{characterId}/message. */
export function sendMessage(
  generation: Generation,
  actor: Actor,
  characterId: string,
  body: { content: string; conversationId?: string },
  rateLimit: () => Promise<void>,
): Promise<PreparedGeneration> {
  return generation.prepare(send, { actor, characterId, conversationId: body.conversationId, content: body.content, rateLimit });
}
