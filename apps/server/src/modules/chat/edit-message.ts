// Editing a message (its text, or which alternative reply shows) and deleting one.
import type { Actor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import { ownMessage } from './chat-access.ts';
import type { ChatDeps } from './chat-deps.ts';
import type { ChatRepo, ShownMessageRow } from './chat.repo.ts';

export class MessageEdits {
  constructor(private readonly deps: ChatDeps) {}

  /**
   * A new text (checked against the policy like a new message), or another of a reply's alternatives. A new text of
   * the person's runs the crisis protocol again (docs/compliance.md): `country` picks the resources of its card.
   */
  async edit(
    actor: Actor,
    characterId: string,
    messageId: string,
    body: { content?: string; swipeIndex?: number },
    country?: string,
  ): Promise<ShownMessageRow> {
    const { msg, conv } = await ownMessage(this.deps, actor, characterId, messageId);
    const { chat, characters } = this.deps.uow.repos;
    if (body.swipeIndex !== undefined) {
      const swipes = msg.swipes.length ? msg.swipes : [msg.content];
      if (msg.role !== 'assistant' || body.swipeIndex >= swipes.length) throw AppError.badRequest('That reply has no such alternative');
      const shown = await chat.updateMessage(msg.id, { swipeIndex: body.swipeIndex, content: swipes[body.swipeIndex]! });
      this.deps.recall?.indexLater(conv.id);
      return shown!;
    }
    const content = body.content!;
    const character = await characters.findById(characterId);
    this.deps.moderation.assertAllowed(
      { content },
      {
        surface: msg.role === 'user' ? 'chat-user' : 'chat-reply',
        nsfwContext: character?.nsfw,
        userId: actor.userId,
        fieldLabels: { content: 'message' },
      },
    );
    const patch: Parameters<ChatRepo['updateMessage']>[1] = { content, edited: true };
    // The card follows the words: added (and counted) when they now express a crisis, taken away when they no longer
    // do; while they still do, it shows the resources of where the person is now (as a new message would), not
    // where they were when they first wrote it.
    const crisis = msg.role === 'user' ? await this.deps.crisis.check(content, country) : null;
    if (msg.role === 'user') patch.crisisCard = crisis?.card ?? null;
    if (msg.role === 'assistant') {
      const swipes = msg.swipes.length ? [...msg.swipes] : [msg.content];
      swipes[Math.min(msg.swipeIndex, swipes.length - 1)] = content;
      patch.swipes = swipes;
      if (msg.status === 'blocked') patch.status = 'complete';
    }
    const updated = await chat.updateMessage(msg.id, patch);
    if (crisis && !msg.crisisCard) this.deps.crisis.record(crisis.finding, country);
    await chat.touch(conv.id, 0);
    this.deps.recall?.indexLater(conv.id);
    return updated!;
  }

  async delete(actor: Actor, characterId: string, messageId: string): Promise<void> {
    const { conv } = await ownMessage(this.deps, actor, characterId, messageId);
    await this.deps.uow.run(async ({ chat }) => {
      if (await chat.deleteMessage(messageId)) await chat.touch(conv.id, -1);
    });
  }
}
