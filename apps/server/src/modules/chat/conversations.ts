// Conversations: opening one (with the character's greeting), reading one and its history, listing and deleting them.
import { ageAssuranceRequired } from '../age/age-gate.ts';
import type { Actor } from '../../lib/access.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ChatCharacter } from './chat-context.repo.ts';
import { chatCharacter, ownConversation } from './chat-access.ts';
import type { ChatDeps } from './chat-deps.ts';
import type { ConversationListRow, ConversationRow, ShownMessageRow } from './chat.repo.ts';
import { newConversationUser } from './persona.ts';
import { applyMacros } from './prompt/index.ts';

/** Messages a conversation opens with (older ones come page by page from the history). */
const SESSION_MESSAGES = 40;

/** What the next message costs the user. */
export interface MessageCost {
  freeLeft: number;
  costPerMessage: number;
  balance: number;
}

/** A conversation as the chat page opens it. */
export interface OpenedConversation {
  conversation: ConversationRow;
  character: ChatCharacter;
  /** The newest messages, oldest first. */
  messages: ShownMessageRow[];
  hasMore: boolean;
  cost: MessageCost;
  /** The last message is the user's, left without a reply by a crash: its "Get a reply" is free. */
  freeReply: boolean;
}

export interface Page<T> {
  rows: T[];
  total: number;
  page: number;
  limit: number;
}

/**
 * A new conversation, opened by the greeting (its alternates are the greeting's swipes), `{{user}}` being the
 * persona's name (`userName` when already read); a persona remembered for the character stays this conversation's. `latest`: the user's latest conversation with the character if there is one by now (parallel first messages
 * open one conversation, not several).
 */
export async function createConversation(
  deps: ChatDeps,
  actor: Actor,
  character: ChatCharacter,
  userName?: string,
  opts: { latest?: boolean } = {},
): Promise<ConversationRow> {
  const who = await newConversationUser(deps, actor.userId, character.id);
  const names = { char: character.name, user: userName ?? who.name };
  const greetings = [character.greeting, ...(character.alternateGreetings ?? [])]
    .map((g) => applyMacros(g ?? '', names).trim())
    .filter(Boolean);
  const conv = opts.latest
    ? await deps.uow.run(({ chat }) => chat.latestOrNewConversation(actor.userId, character.id, greetings))
    : await deps.uow.repos.chat.createConversation(actor.userId, character.id, greetings);
  if (who.pin) await deps.uow.repos.personas.pinToConversation(conv.id, who.pin);
  return conv;
}

export class Conversations {
  constructor(private readonly deps: ChatDeps) {}

  async cost(userId: string): Promise<MessageCost> {
    const e = await this.deps.entitlements.of(userId);
    return {
      freeLeft: e.allowances.chatMessages.remaining,
      costPerMessage: this.deps.plans.catalog.costs.chatMessage,
      balance: await this.deps.ledger.balance(userId),
    };
  }

  /** GET /api/chat/{characterId}: the given or the current conversation, created with the greeting on first open. */
  /** `nsfwLocked`: NSFW is closed to the caller where they are (age assurance): an NSFW character's chat is a 403. */
  async open(actor: Actor, characterId: string, conversationId?: string, nsfwLocked?: () => Promise<boolean>): Promise<OpenedConversation> {
    const character = await chatCharacter(this.deps, actor, characterId, { allowDeleted: true });
    if (character.nsfw && nsfwLocked && (await nsfwLocked())) throw ageAssuranceRequired();
    let conv = conversationId
      ? await ownConversation(this.deps, actor, conversationId, characterId)
      : await this.deps.uow.repos.chat.latestConversation(actor.userId, characterId);
    if (character.deletedAt && !conv) throw AppError.notFound('Character');
    conv ??= await createConversation(this.deps, actor, character, undefined, { latest: true });
    return this.opened(actor, character, conv);
  }

  /** A new conversation with the character, beside the earlier ones. */
  async start(actor: Actor, characterId: string, nsfwLocked?: () => Promise<boolean>): Promise<OpenedConversation> {
    const character = await chatCharacter(this.deps, actor, characterId);
    if (character.nsfw && nsfwLocked && (await nsfwLocked())) throw ageAssuranceRequired();
    return this.opened(actor, character, await createConversation(this.deps, actor, character));
  }

  async ofCharacter(actor: Actor, characterId: string): Promise<ConversationListRow[]> {
    await chatCharacter(this.deps, actor, characterId, { allowDeleted: true });
    const { rows } = await this.deps.uow.repos.chat.listConversations(actor.userId, { characterId, limit: 50, offset: 0 });
    return rows;
  }

  async list(actor: Actor, page: number, limit: number): Promise<Page<ConversationListRow>> {
    const { rows, total } = await this.deps.uow.repos.chat.listConversations(actor.userId, { limit, offset: (page - 1) * limit });
    return { rows, total, page, limit };
  }

  async delete(actor: Actor, conversationId: string): Promise<void> {
    await ownConversation(this.deps, actor, conversationId);
    // Its branches stay, moved under its parent (branches.ts).
    await this.deps.uow.repos.branches.deleteKeepingBranches(conversationId);
  }

  /** A page of a conversation's messages, oldest first within the page (page 1 is the newest). */
  async history(
    actor: Actor,
    q: { characterId: string; conversationId?: string; page: number; limit: number },
  ): Promise<Page<ShownMessageRow>> {
    const { chat } = this.deps.uow.repos;
    const conv = q.conversationId
      ? await ownConversation(this.deps, actor, q.conversationId, q.characterId)
      : await chat.latestConversation(actor.userId, q.characterId);
    if (!conv) throw AppError.notFound('Conversation');
    const total = await chat.countMessages(conv.id);
    const rows = await chat.messagesNewestFirst(conv.id, q.limit, (q.page - 1) * q.limit);
    return { rows: rows.reverse(), total, page: q.page, limit: q.limit };
  }

  private async opened(actor: Actor, character: ChatCharacter, conv: ConversationRow): Promise<OpenedConversation> {
    const { chat, replyProgress } = this.deps.uow.repos;
    const newest = await chat.messagesNewestFirst(conv.id, SESSION_MESSAGES + 1);
    await chat.markRead(conv.id);
    return {
      conversation: conv,
      character,
      messages: newest.slice(0, SESSION_MESSAGES).reverse(),
      hasMore: newest.length > SESSION_MESSAGES,
      cost: await this.cost(actor.userId),
      freeReply: newest[0]?.role === 'user' ? await replyProgress.replyOwed(newest[0].id) : false,
    };
  }
}
