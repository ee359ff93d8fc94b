import { setImmediate as nextTurn } from 'node:timers/promises';
import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { characters, chatGroups, chatMessages, conversations, personas, users, type ConversationRow } from '../../db/schema/index.ts';
import { messagePersonaJoin, shownMessage, shownMessageColumns, type ShownMessageRow } from '../chat/index.ts';
import { effectivePersonaFrom, effectivePersonaJson } from '../personas/personas.repo.ts';

export type { ConversationRow, ShownMessageRow };

/** Characters of message text per insert of an imported chat (a slice's statement stays a few milliseconds). */
const IMPORT_SLICE_CHARS = 32 * 1024;
/** Messages per statement when a whole conversation is read (exports). */
const MESSAGES_PAGE = 50;

export interface ImportedMessage {
  role: 'user' | 'assistant';
  content: string;
  swipes: string[];
  swipeIndex: number;
  createdAt: Date;
  /** A person's message that expressed a crisis: the key of the resources shown with it (a known key only). */
  crisisCard?: string | null;
}

/** Reads and writes for moving conversations and characters in and out as files. */
export class TransferRepo {
  constructor(private readonly db: DbOrTx) {}

  async conversation(id: string): Promise<ConversationRow | undefined> {
    const [row] = await this.db.select().from(conversations).where(eq(conversations.id, id));
    return row;
  }

  /**
   * Every message of a conversation in order, each user message with the persona it was written as (a conversation
   * is bounded by what the chat and imports allow).
   */
  /**
   * Every message of a conversation, in pages of MESSAGES_PAGE with a turn of the event loop between them (a long chat
   * read in one statement held the loop on PGlite, whose statements run in this thread: #47.4).
   */
  async messages(conversationId: string): Promise<ShownMessageRow[]> {
    const all: ShownMessageRow[] = [];
    for (;;) {
      const after = all.at(-1)?.seq;
      const rows = await this.db
        .select(shownMessageColumns)
        .from(chatMessages)
        .leftJoin(personas, messagePersonaJoin)
        .where(and(eq(chatMessages.conversationId, conversationId), after === undefined ? undefined : gt(chatMessages.seq, after)))
        .orderBy(asc(chatMessages.seq))
        .limit(MESSAGES_PAGE);
      for (const r of rows) all.push(shownMessage(r));
      if (rows.length < MESSAGES_PAGE) return all;
      await nextTurn();
    }
  }

  conversationsOf(userId: string): Promise<ConversationRow[]> {
    return this.db.select().from(conversations).where(eq(conversations.userId, userId)).orderBy(desc(conversations.updatedAt));
  }

  /** The user's characters that are not deleted (ids only: the characters service reads them). */
  async characterIdsOf(userId: string): Promise<string[]> {
    const rows = await this.db
      .select({ id: characters.id })
      .from(characters)
      .where(and(eq(characters.creatorId, userId), isNull(characters.deletedAt)))
      .orderBy(asc(characters.createdAt));
    return rows.map((r) => r.id);
  }

  async characterNames(ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.select({ id: characters.id, name: characters.name }).from(characters).where(inArray(characters.id, ids));
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  /** A group chat's name (undefined for a one-to-one conversation). */
  async groupName(conversationId: string): Promise<string | undefined> {
    const [row] = await this.db.select({ name: chatGroups.name }).from(chatGroups).where(eq(chatGroups.conversationId, conversationId));
    return row?.name;
  }

  /** The user's name in a conversation: its persona's (see docs/personas.md), else the username. */
  async displayName(userId: string, conversation?: { id: string; characterId: string }): Promise<string> {
    const persona = conversation
      ? effectivePersonaJson(sql`${userId}::uuid`, sql`${conversation.characterId}::uuid`, sql`${conversation.id}::uuid`)
      : sql<unknown>`null`;
    const [row] = await this.db.select({ username: users.username, persona }).from(users).where(eq(users.id, userId));
    return effectivePersonaFrom(row?.persona)?.persona.name ?? row?.username ?? 'You';
  }

  /** A new conversation holding the imported messages (call inside `uow.run`: all or nothing). */
  async importConversation(userId: string, characterId: string, createdAt: Date, messages: ImportedMessage[]): Promise<ConversationRow> {
    const last = messages.at(-1)?.createdAt ?? createdAt;
    const [conversation] = await this.db
      .insert(conversations)
      .values({ userId, characterId, messageCount: messages.length, createdAt, updatedAt: last, lastReadAt: last })
      .returning();
    if (!conversation) throw new Error('conversation insert returned nothing');
    // In slices of at most 500 rows (PostgreSQL's parameter limit) and about IMPORT_SLICE_CHARS of text, with a turn
    // of the event loop between them: on PGlite each statement runs in this thread (#47.4: a 14 MB chat in 500-row
    // statements held the loop for seconds).
    for (let i = 0; i < messages.length;) {
      let end = i;
      for (let chars = 0; end < messages.length && end - i < 500 && (end === i || chars < IMPORT_SLICE_CHARS); end++) {
        chars += messages[end]!.content.length + messages[end]!.swipes.reduce((n, s) => n + s.length, 0);
      }
      await this.db.insert(chatMessages).values(messages.slice(i, end).map((m) => ({ ...m, conversationId: conversation.id })));
      await nextTurn();
      i = end;
    }
    return conversation;
  }
}
