import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { combinedWrite } from '../../db/combined-write.ts';
import { reusable, statementName } from '../../db/prepared.ts';
import {
  characters,
  chatMessages,
  conversations,
  personas,
  users,
  type ChatMessageRow,
  type ConversationRow,
} from '../../db/schema/index.ts';
import { claimFreeUsePart, type ClaimedUse, type FreeUseClaim } from '../billing/payments.repo.ts';
import { messagePersonaJoin, shownMessage, shownMessageColumns, type MessagePersona, type ShownMessageRow } from './shown-message.repo.ts';
import { userMessagePart } from './user-message.repo.ts';
import { inspectionPart, type NewInspection } from './inspector/inspections.repo.ts';
import { replyInsertPart, type InsertedReply, type NewReply } from './reply-insert.repo.ts';
import { branchPlaceColumns, type BranchPlace } from './branch-place.repo.ts';
import { groupSummaryOf, groupSummarySql, type GroupSummary } from '../groups/group-summary.repo.ts';

export type { ChatMessageRow, ConversationRow, MessagePersona, ShownMessageRow };

export type NewChatMessage = typeof chatMessages.$inferInsert;

export interface ConversationListRow extends ConversationRow, BranchPlace {
  characterName: string;
  characterAvatarUrl: string | null;
  characterDeleted: boolean;
  lastRole: 'user' | 'assistant' | null;
  lastContent: string | null;
  lastAt: Date | null;
  /** A group chat's name and members (modules/groups), null for a one-to-one chat. */
  group: GroupSummary | null;
}

export class ChatRepo {
  constructor(private readonly db: DbOrTx) {}

  async conversation(id: string): Promise<ConversationRow | undefined> {
    const query = reusable(this.db, 'chat_conversation', () =>
      this.db
        .select()
        .from(conversations)
        .where(eq(conversations.id, sql.placeholder('id')))
        .prepare(statementName('chat_conversation')),
    );
    const [row] = await query.execute({ id });
    return row;
  }

  /** The user's most recently active conversation with a character. */
  async latestConversation(userId: string, characterId: string): Promise<ConversationRow | undefined> {
    const query = reusable(this.db, 'chat_latest_conversation', () =>
      this.db
        .select()
        .from(conversations)
        .where(
          and(
            eq(conversations.userId, sql.placeholder('userId')),
            eq(conversations.characterId, sql.placeholder('characterId')),
            eq(conversations.isGroup, false),
          ),
        )
        .orderBy(desc(conversations.updatedAt))
        .limit(1)
        .prepare(statementName('chat_latest_conversation')),
    );
    const [row] = await query.execute({ userId, characterId });
    return row;
  }

  /**
   * A new conversation opened by the character's greeting (`greetings[0]`, the others its swipes), in one statement:
   * the conversation and its first message are written together or not at all, without a transaction's extra round trips.
   */
  async createConversation(userId: string, characterId: string, greetings: string[] = []): Promise<ConversationRow> {
    const id = randomUUID();
    if (greetings.length === 0) {
      const [row] = await this.db.insert(conversations).values({ id, userId, characterId }).returning();
      return row!;
    }
    const query = reusable(this.db, 'chat_create_conversation', () => {
      const created = this.db.$with('created').as(
        this.db
          .insert(conversations)
          .values({
            id: sql.placeholder('id'),
            userId: sql.placeholder('userId'),
            characterId: sql.placeholder('characterId'),
            messageCount: 1,
          })
          .returning(),
      );
      const greeted = this.db.$with('greeted').as(
        this.db
          .insert(chatMessages)
          .values({
            conversationId: sql.placeholder('id'),
            role: 'assistant',
            content: sql.placeholder('greeting'),
            swipes: sql`${sql.placeholder('greetings')}::text[]`,
          })
          .returning({ id: chatMessages.id }),
      );
      return this.db.with(created, greeted).select().from(created).prepare(statementName('chat_create_conversation'));
    });
    const [row] = await query.execute({ id, userId, characterId, greeting: greetings[0], greetings });
    return row!;
  }

  /**
   * The user's latest conversation with a character, or a new one when there is none: under a transaction-scoped
   * advisory lock per user and character (call inside `uow.run`), so parallel first messages open one conversation.
   */
  async latestOrNewConversation(userId: string, characterId: string, greetings: string[]): Promise<ConversationRow> {
    await this.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`conversation:${userId}:${characterId}`}))`);
    return (await this.latestConversation(userId, characterId)) ?? this.createConversation(userId, characterId, greetings);
  }

  /** Activity: `delta` messages added (or removed), and the conversation moves to the top of the list. */
  async touch(id: string, delta: number, read = true): Promise<void> {
    await this.db
      .update(conversations)
      .set({
        messageCount: sql`greatest(0, ${conversations.messageCount} + ${delta})`,
        updatedAt: sql`now()`,
        ...(read ? { lastReadAt: sql`now()` } : {}),
      })
      .where(eq(conversations.id, id));
  }

  async markRead(id: string): Promise<void> {
    await this.db
      .update(conversations)
      .set({ lastReadAt: sql`now()` })
      .where(eq(conversations.id, id));
  }

  async setMemory(
    id: string,
    memory: { summary?: string; pinned?: string[]; summarizedCount?: number },
  ): Promise<ConversationRow | undefined> {
    const [row] = await this.db
      .update(conversations)
      .set({
        ...(memory.summary !== undefined ? { memorySummary: memory.summary, memoryUpdatedAt: sql`now()` } : {}),
        ...(memory.pinned !== undefined ? { pinnedFacts: memory.pinned } : {}),
        ...(memory.summarizedCount !== undefined ? { summarizedCount: memory.summarizedCount } : {}),
      })
      .where(eq(conversations.id, id))
      .returning();
    return row;
  }

  /** The user's conversations, newest activity first, with the character and the last message. */
  async listConversations(
    userId: string,
    opts: { characterId?: string; limit: number; offset: number },
  ): Promise<{ rows: ConversationListRow[]; total: number }> {
    // A character's conversations are one-to-one; the recent chats include groups (with their members).
    const where = and(
      eq(conversations.userId, userId),
      opts.characterId ? and(eq(conversations.characterId, opts.characterId), eq(conversations.isGroup, false)) : undefined,
    );
    const last = sql`(select m.role, m.content, m.created_at from ${chatMessages} m where m.conversation_id = ${conversations.id} order by m.seq desc limit 1)`;
    const [rows, [count]] = await Promise.all([
      this.db
        .select({
          c: conversations,
          characterName: characters.name,
          characterAvatarUrl: sql<string | null>`coalesce(${characters.thumbnailUrl}, ${characters.avatarUrl})`,
          characterDeleted: sql<boolean>`${characters.deletedAt} is not null`,
          lastRole: sql<'user' | 'assistant' | null>`(select l.role from ${last} l)`,
          lastContent: sql<string | null>`(select left(l.content, 200) from ${last} l)`,
          lastAt: sql<string | null>`(select l.created_at from ${last} l)`,
          group: groupSummarySql(conversations),
          ...branchPlaceColumns(),
        })
        .from(conversations)
        .innerJoin(characters, eq(characters.id, conversations.characterId))
        .where(where)
        .orderBy(desc(conversations.updatedAt), asc(conversations.id))
        .limit(opts.limit)
        .offset(opts.offset),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(conversations)
        .where(where),
    ]);
    return {
      rows: rows.map(({ c, lastAt, group, branchPosition, branchCount, ...r }) => ({
        ...c,
        ...r,
        lastAt: lastAt ? new Date(lastAt) : null,
        group: groupSummaryOf(group),
        branchPosition: Number(branchPosition),
        branchCount: Number(branchCount),
      })),
      total: count?.n ?? 0,
    };
  }

  async insertMessage(m: NewChatMessage): Promise<ChatMessageRow> {
    const [row] = await this.db.insert(chatMessages).values(m).returning();
    return row!;
  }

  async message(id: string): Promise<ChatMessageRow | undefined> {
    const [row] = await this.db.select().from(chatMessages).where(eq(chatMessages.id, id));
    return row;
  }

  /** Answers the message as shown (an edit keeps the persona it was written as). */
  async updateMessage(
    id: string,
    patch: Partial<Pick<ChatMessageRow, 'content' | 'swipes' | 'swipeIndex' | 'status' | 'crisisCard'>> & { edited?: boolean },
  ): Promise<ShownMessageRow | undefined> {
    const { edited, ...rest } = patch;
    const updated = this.db.$with('updated').as(
      this.db
        .update(chatMessages)
        .set({ ...rest, ...(edited ? { editedAt: sql`now()` } : {}) })
        .where(eq(chatMessages.id, id))
        .returning(),
    );
    const [row] = await this.db
      .with(updated)
      .select()
      .from(updated)
      .leftJoin(personas, eq(personas.id, updated.personaId))
      .innerJoin(conversations, eq(conversations.id, updated.conversationId))
      .innerJoin(users, eq(users.id, conversations.userId));
    if (!row) return undefined;
    // A user's message written as no persona (or one deleted since) is the account's.
    const p = row.personas ?? (row.updated.role === 'user' ? { name: row.users.username, avatarUrl: row.users.avatarUrl } : null);
    return shownMessage({ m: row.updated, personaName: p?.name ?? null, personaAvatarUrl: p?.avatarUrl ?? null });
  }

  async deleteMessage(id: string): Promise<boolean> {
    const rows = await this.db.delete(chatMessages).where(eq(chatMessages.id, id)).returning({ id: chatMessages.id });
    return rows.length > 0;
  }

  /** The newest `limit` messages after skipping `offset`, newest first, as shown. */
  async messagesNewestFirst(conversationId: string, limit: number, offset = 0): Promise<ShownMessageRow[]> {
    const query = reusable(this.db, 'chat_messages_newest', () =>
      this.db
        .select(shownMessageColumns)
        .from(chatMessages)
        .leftJoin(personas, messagePersonaJoin)
        .where(eq(chatMessages.conversationId, sql.placeholder('conversationId')))
        .orderBy(desc(chatMessages.seq))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(statementName('chat_messages_newest')),
    );
    return (await query.execute({ conversationId, limit, offset })).map(shownMessage);
  }

  /**
   * A user's message, the conversation's activity, the reply's progress row and (`countOn`, for the first message of
   * a conversation) the character's chat count, with the free use it claims (billing's part), as one statement
   * committed asynchronously: a database crash may lose the last fraction of a second of messages and their free
   * uses together; coin charges are separate, durable writes.
   */
  async insertUserMessageClaiming(
    claim: FreeUseClaim,
    message: Parameters<typeof userMessagePart>[0],
  ): Promise<readonly [ShownMessageRow, ClaimedUse]> {
    return combinedWrite(this.db, [userMessagePart(message), claimFreeUsePart(claim)], { asyncCommit: true });
  }

  /**
   * A reply as a new message, the conversation's activity and the end of its progress row in one statement, with the
   * reply's inspection when there is one (reply-insert.repo.ts); undefined without the conversation.
   */
  async insertReply(m: NewReply, read: boolean, inspection?: NewInspection): Promise<InsertedReply | undefined> {
    const reply = replyInsertPart(m, read);
    if (!inspection) return (await combinedWrite(this.db, [reply]))[0];
    return (await combinedWrite(this.db, [reply, inspectionPart({ ...inspection, messageId: m.id, conversationId: m.conversationId })]))[0];
  }

  /** Takes back a user's message whose reply could not be asked for after all (its cost is given back apart). */
  async withdrawUserMessage(id: string, conversationId: string, uncountOn: string | null = null): Promise<void> {
    if (!(await this.deleteMessage(id))) return;
    await this.touch(conversationId, -1);
    if (uncountOn) {
      await this.db
        .update(characters)
        .set({ chatCount: sql`greatest(0, ${characters.chatCount} - 1)` })
        .where(eq(characters.id, uncountOn));
    }
  }

  async countMessages(conversationId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(chatMessages)
      .where(eq(chatMessages.conversationId, conversationId));
    return row?.n ?? 0;
  }

  /** Messages in order, oldest first, skipping the first `from` (for summaries). */
  async messagesInOrder(conversationId: string, from: number, limit: number): Promise<ChatMessageRow[]> {
    return this.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.conversationId, conversationId))
      .orderBy(asc(chatMessages.seq))
      .limit(limit)
      .offset(from);
  }

  /**
   * A message of the conversation and the `limit - 1` messages before it, newest first (the history a reply in the
   * middle was written from); empty when the message is not in this conversation.
   */
  async messagesUpTo(conversationId: string, messageId: string, limit: number): Promise<ChatMessageRow[]> {
    const upTo = this.db
      .select({ seq: chatMessages.seq })
      .from(chatMessages)
      .where(and(eq(chatMessages.id, messageId), eq(chatMessages.conversationId, conversationId)));
    return this.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.conversationId, conversationId), lte(chatMessages.seq, sql`(${upTo})`)))
      .orderBy(desc(chatMessages.seq))
      .limit(limit);
  }

  async hasUserMessage(conversationId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(and(eq(chatMessages.conversationId, conversationId), eq(chatMessages.role, 'user')))
      .limit(1);
    return !!row;
  }

  /** A real conversation (the user wrote at least once) counts once on the character. */
  async countChatOnCharacter(characterId: string): Promise<void> {
    await this.db
      .update(characters)
      .set({ chatCount: sql`${characters.chatCount} + 1` })
      .where(eq(characters.id, characterId));
  }
}
