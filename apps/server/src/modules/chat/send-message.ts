// Sending a message: the message must pass the blocked-content policy in the conversation's scope; it is saved with
// its cost (a free use of the plan, else coins, else 402 { cost, balance }), and the model answers.
import type { Actor } from '../../lib/access.ts';
import type { ShownMessageRow } from './chat.repo.ts';
import type { Generation } from './generation.ts';
import type { PreparedGeneration, ReplyUseCase } from './pipeline.types.ts';
import { conversationScope } from './moderation-scope.ts';

/** Also a group message's (modules/groups). */
export const send: ReplyUseCase = {
  kind: 'send',
  check(deps, read, req) {
    deps.moderation.assertAllowed(
      { content: req.content },
      {
        surface: 'chat-user',
        nsfwContext: read.character.nsfw,
        userId: req.actor.userId,
        characterId: read.character.id,
        fieldLabels: { content: 'message' },
        scope: conversationScope(deps.moderation, read.character, read.found, read.newest),
      },
    );
  },
  target: () => undefined,
  async charge(deps, c, undo) {
    const { chat } = deps.uow.repos;
    // The first message of a conversation makes it a real one: the character's chat count grows with it.
    const countOn = c.hasUserMessage ? null : c.character.id;
    const withdraw = (message: ShownMessageRow) => chat.withdrawUserMessage(message.id, c.conversation.id, countOn).catch(() => {});
    // Saved with its free use in one statement; with none left, settling charges coins, and a refused charge
    // (402 { cost, balance }) takes the message back, so nothing of this request remains.
    const saved = (async () => {
      const claim = deps.entitlements.chatAllowanceClaim(c.actor.userId, c.progress.chargeKey, c.entitled);
      const { conversation, content, personaId, progress, crisisCard } = c;
      const message = { conversationId: conversation.id, content: content!, personaId, countOn, progress, crisisCard };
      const [row, claimed] = await chat.insertUserMessageClaiming(claim.row, message);
      await claim.settle(claimed).catch(async (err: unknown) => {
        await withdraw(row);
        throw err;
      });
      return row;
    })();
    undo.add(() =>
      saved.then(
        async (row) => {
          await withdraw(row);
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
  opts: { locked?: () => Promise<boolean>; country?: string } = {},
): Promise<PreparedGeneration> {
  const at = { characterId, conversationId: body.conversationId };
  return generation.prepareOneToOne(send, at, { actor, content: body.content, rateLimit, nsfwLocked: opts.locked, country: opts.country });
}
