// "Why this reply": records what went into each reply's prompt (after the reply is saved, never before its first
// word), shows it to the conversation's owner, rebuilds the full prompt text on request, and turns lorebook entries
// off for a conversation. Pinning and dropping facts and editing the summary go through the memory endpoints.
import type { Actor } from '../../../lib/access.ts';
import { AppError } from '../../../lib/app-error.ts';
import { ownConversation } from '../chat-access.ts';
import type { ChatDeps } from '../chat-deps.ts';
import type { ChatMessageRow, ConversationRow } from '../chat.repo.ts';
import { loreOf } from '../prompt/from-character.ts';
import type { ReplyKind } from '../save-reply.ts';
import type { ChatCharacter } from '../chat-context.repo.ts';
import { inspectionData, type GenerationNumbers, type InspectionData, type InspectionSource } from './inspection.ts';
import type { ChatReplyInspectionRow, NewInspection } from './inspections.repo.ts';
import { rebuildPrompt, type PromptShape, type Rebuilt } from './rebuild.ts';
import { promptUser } from '../persona.ts';
import { definitionAccess } from './redact.ts';

export interface ReplyInspected {
  message: ChatMessageRow;
  conversation: ConversationRow;
  swipeIndex: number;
  row: ChatReplyInspectionRow | undefined;
  /** The recalled passages' messages as they are now (a deleted one is left out). */
  recalledMessages: ChatMessageRow[];
  /** The journal's memories that went in, as they are now (a forgotten one is left out). */
  journalMemories: { id: string; text: string; pinned: boolean }[];
}

/** What the inspector records of a reply. */
export interface InspectedReply {
  kind: ReplyKind;
  free: string | null;
  chargeKey: string;
  actor: Actor;
  character: ChatCharacter;
  conversation: ConversationRow;
  inspect: InspectionSource;
}

/** A group reply's prompt shape, from the history that went in (oldest first); the groups module provides it. */
export type GroupShapes = (q: {
  /** The viewer: members it may no longer see are left out, as a new reply leaves them out. */
  actor: Actor;
  conversationId: string;
  speakerId: string;
  messages: ChatMessageRow[];
  userName: string;
  kind: ReplyKind;
}) => Promise<(PromptShape & { speaker: ChatCharacter }) | undefined>;

export class Inspector {
  private groupShapes: GroupShapes | undefined;

  constructor(private readonly deps: ChatDeps) {}

  /** Called by the groups module at start: how a group reply's prompt is rebuilt (the chat module does not know groups). */
  shapeGroups(fn: GroupShapes): void {
    this.groupShapes = fn;
  }

  /** A reply's inspection: what went into its prompt and the numbers of its run, with the key of its charge. */
  entry(r: InspectedReply, numbers: GenerationNumbers): NewInspection {
    const data = inspectionData({ ...r, free: r.free !== null }, r.inspect, this.deps.llm.info(), numbers);
    return { data, chargeKey: r.chargeKey && r.free === null ? `chat:${r.actor.userId}:${r.chargeKey}` : null };
  }

  /**
   * Saves the inspection of a reply that rewrote a message (a new message's is saved with it: ChatRepo.insertReply);
   * the writer calls it once the reply is saved; a failure is logged, never the reply's.
   */
  async record(r: InspectedReply, saved: ChatMessageRow, numbers: GenerationNumbers): Promise<void> {
    const { data, chargeKey } = this.entry(r, numbers);
    await this.deps.uow.repos.inspections.save(
      { messageId: saved.id, swipeIndex: saved.swipeIndex, conversationId: saved.conversationId, data },
      chargeKey,
    );
  }

  /** A reply of the caller's (404 otherwise, and for a user's own message) and its inspection, if one was recorded. */
  async inspection(actor: Actor, messageId: string, swipe: number | undefined): Promise<ReplyInspected> {
    const { chat, inspections } = this.deps.uow.repos;
    const message = await chat.message(messageId);
    const conversation = message && (await chat.conversation(message.conversationId));
    if (!message || !conversation || conversation.userId !== actor.userId || message.role !== 'assistant')
      throw AppError.notFound('Message');
    const swipeIndex = swipe ?? message.swipeIndex;
    const row = await inspections.find(message.id, swipeIndex);
    const recall = (row?.data as { recall?: { messageId: string }[] } | undefined)?.recall ?? [];
    const found = await Promise.all(recall.map((p) => chat.message(p.messageId)));
    const recalledMessages = found.filter((m): m is ChatMessageRow => !!m && m.conversationId === conversation.id);
    const used = ((row?.data as { journal?: { memoryId: string }[] } | undefined)?.journal ?? []).map((m) => m.memoryId);
    const journalMemories = (await this.deps.recall?.memoriesByIds(actor.userId, used)) ?? [];
    return { message, conversation, swipeIndex, row, recalledMessages, journalMemories };
  }

  /** The full prompt of a reply, rebuilt from its recorded structure and today's data. */
  async rebuild(actor: Actor, messageId: string, swipe: number | undefined): Promise<Rebuilt> {
    const inspected = await this.inspection(actor, messageId, swipe);
    const { row, conversation, message, journalMemories: journal, recalledMessages: recalled } = inspected;
    if (!row) throw AppError.notFound('Details of this reply');
    const { characters, inspections, users, personas } = this.deps.uow.repos;
    const data = row.data as unknown as InspectionData;
    const { firstId, lastId } = data.history;
    const [character, messages, user, persona] = await Promise.all([
      characters.findById(conversation.characterId),
      firstId && lastId ? inspections.messagesBetween(conversation.id, firstId, lastId) : Promise.resolve([]),
      users.findById(actor.userId),
      personas.effective({ userId: conversation.userId, characterId: conversation.characterId, conversationId: conversation.id }),
    ]);
    // Who the user is now (the conversation's persona, see persona.ts), as the next reply would have it.
    const who = promptUser({ persona, userName: user?.username ?? null });
    if (conversation.isGroup) {
      // The speaker's group prompt; without the groups module (or the speaker) there is no honest rebuild to show.
      const group =
        message.speakerId && this.groupShapes
          ? await this.groupShapes({
              actor,
              conversationId: conversation.id,
              speakerId: message.speakerId,
              messages,
              userName: who.userName,
              kind: data.kind,
            })
          : undefined;
      if (!group) throw AppError.conflict('The full prompt of this group reply cannot be rebuilt: its speaker is no longer known.');
      const { speaker, ...shape } = group;
      const access = definitionAccess(actor, speaker);
      return rebuildPrompt(this.deps, data, row.createdAt, {
        ...{ character: speaker, conversation, messages, ...who, shape, access, journal, recalled },
      });
    }
    if (!character) throw AppError.notFound('Character');
    const access = definitionAccess(actor, character);
    return rebuildPrompt(this.deps, data, row.createdAt, { character, conversation, messages, ...who, access, journal, recalled });
  }

  /** Turns a lorebook entry of the conversation's character off (or on again) for this conversation. */
  async toggleLore(actor: Actor, conversationId: string, entryId: string, enabled: boolean): Promise<string[]> {
    const conv = await ownConversation(this.deps, actor, conversationId);
    const character = await this.deps.uow.repos.characters.findById(conv.characterId);
    const entries = loreOf(character?.characterBook) ?? [];
    if (!entries.some((e) => e.id === entryId)) throw AppError.notFound('Lorebook entry');
    return (await this.deps.uow.repos.inspections.setLoreOff(conv.id, entryId, !enabled)) ?? [];
  }
}
