import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { jsonColumn, maybeRowFromJson, rowFromJson } from '../../db/json-row.ts';
import { reusable, statementName } from '../../db/prepared.ts';
import { runTogether, type StatementPart } from '../../db/statement-parts.ts';
import {
  characters,
  chatMessages,
  chatReplyProgress,
  conversations,
  subscriptions,
  users,
  type ChatMessageRow,
  type ChatReplyProgressRow,
  type ConversationRow,
} from '../../db/schema/index.ts';
import { familyActiveSql } from '../auth/auth.repo.ts';
import type { CharacterWithCreator } from '../characters/characters.repo.ts';
import { MEMBERSHIP_ORDER, type SubscriptionRow } from '../billing/payments.repo.ts';

export type { ChatMessageRow, ChatReplyProgressRow, ConversationRow };

/** A reply being written, as its progress row starts (chat_reply_progress). */
export interface NewReplyProgress {
  id: string;
  userId: string;
  replyId: string;
  chargeKey: string;
}

/** A progress row whose process stopped renewing it, with what recovering it needs. */
export interface StaleReply extends ChatReplyProgressRow {
  characterName: string;
  characterNsfw: boolean;
}
export type NewChatMessage = typeof chatMessages.$inferInsert;

export interface ConversationListRow extends ConversationRow {
  characterName: string;
  characterAvatarUrl: string | null;
  characterDeleted: boolean;
  lastRole: 'user' | 'assistant' | null;
  lastContent: string | null;
  lastAt: Date | null;
}

/** A character as chat reads it: every column but the search index (a long character's tsvector runs to kilobytes). */
export type ChatCharacter = Omit<CharacterWithCreator, 'searchVector'>;

const chatCharacterColumns = (() => {
  const { searchVector, ...columns } = getTableColumns(characters);
  void searchVector;
  return columns;
})();

/** Everything a chat message needs before the model is asked, read in one statement (`ChatRepo.context`). */
export interface ChatContext {
  character: ChatCharacter;
  /** The conversation asked for by id (whoever owns it: the caller checks), or the caller's latest with the character. */
  conversation: ConversationRow | undefined;
  /** That conversation's newest messages, newest first. */
  newest: ChatMessageRow[];
  /** The caller's username (null when the account is gone). */
  userName: string | null;
  /** The caller's newest membership, for the plan's permissions. */
  latestSubscription: SubscriptionRow | undefined;
  /** Whether the caller's session (`familyId`) is still signed in (`familyActiveSql`), when it was asked. */
  sessionActive: boolean | undefined;
}

export class ChatRepo {
  constructor(private readonly db: DbOrTx) {}

  /**
   * The character with its creator, the conversation, its newest `limit` messages, the caller's name and newest
   * membership: one statement, so a chat message pays one round trip (and one database process) for its reads
   * instead of five side by side. Undefined when the character does not exist.
   */
  async context(q: {
    userId: string;
    characterId: string;
    conversationId?: string;
    limit: number;
    /** The caller's session, checked in the same statement. */
    familyId?: string;
  }): Promise<ChatContext | undefined> {
    const byId = q.conversationId !== undefined;
    // The limit is part of the statement's text (one statement per limit): with it as a parameter PostgreSQL
    // re-planned the statement on every run instead of keeping its generic plan.
    const limit = Math.max(1, Math.floor(q.limit));
    const key = `${byId ? 'chat_context_by_id' : 'chat_context_latest'}_${limit}`;
    const query = reusable(this.db, key, () => {
      const ph = (name: string) => sql.placeholder(name);
      // The conversation: by id, or the caller's most recently active one with this character.
      const convWhere = byId
        ? sql`v.id = ${ph('conversationId')}`
        : sql`v.user_id = ${ph('userId')} and v.character_id = ${ph('characterId')}`;
      const conv = sql`select * from ${conversations} v where ${convWhere} order by v.updated_at desc limit 1`;
      return this.db
        .select({
          c: chatCharacterColumns,
          creatorUsername: users.username,
          creatorAvatarUrl: users.avatarUrl,
          userName: sql<string | null>`(select me.username from ${users} me where me.id = ${ph('userId')})`,
          conv: sql<unknown>`(select row_to_json(cv) from (${conv}) cv)`,
          sub: sql<unknown>`(select row_to_json(s) from (
            select * from ${subscriptions} s where s.user_id = ${ph('userId')} order by ${MEMBERSHIP_ORDER} limit 1) s)`,
          sessionActive: sql<boolean | null>`case when ${ph('familyId')}::uuid is null then null else ${familyActiveSql(
            sql`${ph('familyId')}::uuid`,
          )} end`,
          messages: sql<unknown>`(select coalesce(json_agg(m order by m.seq desc), '[]'::json) from (
            select * from ${chatMessages} cm where cm.conversation_id = (select cv.id from (${conv}) cv)
            order by cm.seq desc limit ${sql.raw(String(limit))}) m)`,
        })
        .from(characters)
        .innerJoin(users, eq(users.id, characters.creatorId))
        .where(eq(characters.id, ph('characterId')))
        .prepare(statementName(key));
    });
    const [row] = await query.execute({ ...q, conversationId: q.conversationId ?? null, familyId: q.familyId ?? null });
    if (!row) return undefined;
    return {
      character: { ...row.c, creatorUsername: row.creatorUsername, creatorAvatarUrl: row.creatorAvatarUrl },
      conversation: maybeRowFromJson(conversations, jsonColumn(row.conv)),
      newest: (jsonColumn(row.messages) as Record<string, unknown>[]).map((m) => rowFromJson(chatMessages, m)),
      userName: row.userName,
      latestSubscription: maybeRowFromJson(subscriptions, jsonColumn(row.sub)),
      sessionActive: row.sessionActive ?? undefined,
    };
  }

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
        .where(and(eq(conversations.userId, sql.placeholder('userId')), eq(conversations.characterId, sql.placeholder('characterId'))))
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

  async deleteConversation(id: string): Promise<void> {
    await this.db.delete(conversations).where(eq(conversations.id, id));
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
    const where = and(eq(conversations.userId, userId), opts.characterId ? eq(conversations.characterId, opts.characterId) : undefined);
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
      rows: rows.map((r) => ({
        ...r.c,
        characterName: r.characterName,
        characterAvatarUrl: r.characterAvatarUrl,
        characterDeleted: r.characterDeleted,
        lastRole: r.lastRole,
        lastContent: r.lastContent,
        lastAt: r.lastAt ? new Date(r.lastAt) : null,
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

  async updateMessage(
    id: string,
    patch: Partial<Pick<ChatMessageRow, 'content' | 'swipes' | 'swipeIndex' | 'status'>> & { edited?: boolean },
  ): Promise<ChatMessageRow | undefined> {
    const { edited, ...rest } = patch;
    const [row] = await this.db
      .update(chatMessages)
      .set({ ...rest, ...(edited ? { editedAt: sql`now()` } : {}) })
      .where(eq(chatMessages.id, id))
      .returning();
    return row;
  }

  async deleteMessage(id: string): Promise<boolean> {
    const rows = await this.db.delete(chatMessages).where(eq(chatMessages.id, id)).returning({ id: chatMessages.id });
    return rows.length > 0;
  }

  /** The newest `limit` messages after skipping `offset`, newest first. */
  async messagesNewestFirst(conversationId: string, limit: number, offset = 0): Promise<ChatMessageRow[]> {
    const query = reusable(this.db, 'chat_messages_newest', () =>
      this.db
        .select()
        .from(chatMessages)
        .where(eq(chatMessages.conversationId, sql.placeholder('conversationId')))
        .orderBy(desc(chatMessages.seq))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(statementName('chat_messages_newest')),
    );
    return query.execute({ conversationId, limit, offset });
  }

  /**
   * A user's message, the conversation's activity and (`countOn`, for the first message of a conversation) the
   * character's chat count, with another module's write (`other`, e.g. the allowance claim) as one statement, committed
   * asynchronously (statement-parts.ts): a database crash may lose the last fraction of a second of messages and
   * their free uses together; coin charges are separate, durable writes.
   */
  async insertUserMessageBeside<T>(
    other: StatementPart<T>,
    conversationId: string,
    content: string,
    countOn: string | null,
    progress: NewReplyProgress,
  ): Promise<[ChatMessageRow, T]> {
    const [row, decoded] = await runTogether(this.db, [userMessagePart(conversationId, content, countOn, progress), other], {
      asyncCommit: true,
    });
    return [row, decoded];
  }

  // ---------- replies being written (chat_reply_progress) ----------

  /** The progress row of a regenerated, continued or "Get a reply" reply (a message's own comes with the message). */
  async insertProgress(
    p: NewReplyProgress & {
      conversationId: string;
      kind: 'send' | 'regenerate' | 'continue';
      newReply: boolean;
      userMessageId: string | null;
    },
  ): Promise<void> {
    await this.db.insert(chatReplyProgress).values(p);
  }

  /**
   * Renews the rows of the replies this process is writing, each with the words `added` after the `from` characters
   * saved before (`from` 0: `added` is the whole text, as after a round that may have failed).
   */
  async renewProgress(entries: { id: string; from: number; added: string }[]): Promise<void> {
    if (entries.length === 0) return;
    await this.db.execute(sql`update ${chatReplyProgress} p set heartbeat_at = now(),
        text = case when v.from_len = 0 then v.added else p.text || v.added end
      from unnest(${sql.param(entries.map((e) => e.id))}::uuid[], ${sql.param(entries.map((e) => e.from))}::int[],
        ${sql.param(entries.map((e) => e.added))}::text[]) as v(id, from_len, added)
      where p.id = v.id and p.state = 'streaming'`);
  }

  /** A user's replies being written and owed, oldest first. */
  async repliesInProgress(userId: string): Promise<Pick<ChatReplyProgressRow, 'text' | 'state'>[]> {
    return this.db
      .select({ text: chatReplyProgress.text, state: chatReplyProgress.state })
      .from(chatReplyProgress)
      .where(eq(chatReplyProgress.userId, userId))
      .orderBy(asc(chatReplyProgress.createdAt));
  }

  async deleteProgress(id: string): Promise<void> {
    await this.db.delete(chatReplyProgress).where(eq(chatReplyProgress.id, id));
  }

  /** Replies whose process stopped renewing them for `staleMs` (it died), oldest first. */
  async staleReplies(staleMs: number, limit = 100): Promise<StaleReply[]> {
    const rows = await this.db
      .select({ p: chatReplyProgress, characterName: characters.name, characterNsfw: characters.nsfw })
      .from(chatReplyProgress)
      .innerJoin(conversations, eq(conversations.id, chatReplyProgress.conversationId))
      .innerJoin(characters, eq(characters.id, conversations.characterId))
      .where(
        and(
          eq(chatReplyProgress.state, 'streaming'),
          sql`${chatReplyProgress.heartbeatAt} < now() - make_interval(secs => ${staleMs / 1000})`,
        ),
      )
      .orderBy(asc(chatReplyProgress.heartbeatAt))
      .limit(limit);
    return rows.map((r) => ({ ...r.p, characterName: r.characterName, characterNsfw: r.characterNsfw }));
  }

  /** Takes a stale reply for recovery: only one process gets it (it is deleted; the caller's transaction keeps that). */
  async claimStaleReply(id: string, staleMs: number): Promise<boolean> {
    const rows = await this.db
      .delete(chatReplyProgress)
      .where(
        and(
          eq(chatReplyProgress.id, id),
          eq(chatReplyProgress.state, 'streaming'),
          sql`${chatReplyProgress.heartbeatAt} < now() - make_interval(secs => ${staleMs / 1000})`,
        ),
      )
      .returning({ id: chatReplyProgress.id });
    return rows.length > 0;
  }

  /** A message left without its reply by a crash, whose "Get a reply" is free once. */
  async markReplyOwed(p: { conversationId: string; userId: string; userMessageId: string }): Promise<void> {
    await this.db.insert(chatReplyProgress).values({
      ...p,
      kind: 'send',
      replyId: randomUUID(),
      newReply: true,
      chargeKey: '',
      state: 'owed',
    });
  }

  /** Whether a free reply is owed for this message (after a crash left it without one). */
  async replyOwed(userMessageId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: chatReplyProgress.id })
      .from(chatReplyProgress)
      .where(and(eq(chatReplyProgress.userMessageId, userMessageId), eq(chatReplyProgress.state, 'owed')))
      .limit(1);
    return !!row;
  }

  /** Uses up the free reply owed for this message: true when there was one. */
  async takeReplyOwed(userMessageId: string): Promise<boolean> {
    const rows = await this.db
      .delete(chatReplyProgress)
      .where(and(eq(chatReplyProgress.userMessageId, userMessageId), eq(chatReplyProgress.state, 'owed')))
      .returning({ id: chatReplyProgress.id });
    return rows.length > 0;
  }

  /**
   * A reply as a new message and the conversation's activity in one statement; answers the message and how many
   * messages the conversation now has and its summary covers (whether a new summary is due).
   */
  async insertReply(
    m: { id: string; conversationId: string; content: string; status: ChatMessageRow['status']; progressId: string },
    read: boolean,
  ): Promise<{ message: ChatMessageRow; messageCount: number; summarizedCount: number } | undefined> {
    const query = reusable(this.db, 'chat_insert_reply', () => {
      const inserted = this.db.$with('inserted').as(
        this.db
          .insert(chatMessages)
          .values({
            id: sql.placeholder('id'),
            conversationId: sql.placeholder('conversationId'),
            role: 'assistant',
            content: sql.placeholder('content'),
            swipes: sql`array[${sql.placeholder('content')}::text]`,
            status: sql.placeholder('status'),
          })
          .returning(),
      );
      const touched = this.db.$with('touched').as(
        this.db
          .update(conversations)
          .set({
            messageCount: sql`${conversations.messageCount} + 1`,
            updatedAt: sql`now()`,
            lastReadAt: sql`case when ${sql.placeholder('read')}::boolean then now() else ${conversations.lastReadAt} end`,
          })
          .where(eq(conversations.id, sql.placeholder('conversationId')))
          .returning({ messageCount: conversations.messageCount, summarizedCount: conversations.summarizedCount }),
      );
      // The reply is written: its progress row goes with the same statement.
      const finished = this.db.$with('finished').as(
        this.db
          .delete(chatReplyProgress)
          .where(eq(chatReplyProgress.id, sql.placeholder('progressId')))
          .returning({ id: chatReplyProgress.id }),
      );
      return this.db
        .with(inserted, touched, finished)
        .select()
        .from(inserted)
        .crossJoin(touched)
        .prepare(statementName('chat_insert_reply'));
    });
    const [row] = await query.execute({ ...m, read });
    return row && { message: row.inserted, messageCount: row.touched.messageCount, summarizedCount: row.touched.summarizedCount };
  }

  /** Takes back a user's message whose cost could not be settled (it was saved beside the charge). */
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

/** A user's message, the conversation's activity and (first message) the character's chat count, as a statement part. */
function userMessagePart(
  conversationId: string,
  content: string,
  countOn: string | null,
  progress: NewReplyProgress,
): StatementPart<ChatMessageRow> {
  const p = (name: string) => sql.placeholder(`message_${name}`);
  return {
    key: 'chat_user_message',
    build: (db) => {
      const inserted = db.$with('inserted').as(
        db
          .insert(chatMessages)
          .values({ conversationId: p('conversationId'), role: 'user', content: p('content') })
          .returning(),
      );
      const touched = db.$with('touched').as(
        db
          .update(conversations)
          .set({ messageCount: sql`${conversations.messageCount} + 1`, updatedAt: sql`now()`, lastReadAt: sql`now()` })
          .where(eq(conversations.id, p('conversationId')))
          .returning({ id: conversations.id }),
      );
      // A null id matches no character.
      const counted = db.$with('counted').as(
        db
          .update(characters)
          .set({ chatCount: sql`${characters.chatCount} + 1` })
          .where(sql`${characters.id} = ${p('countOn')}::uuid`)
          .returning({ id: characters.id }),
      );
      // The reply's progress row (see chatReplyProgress), pointing at the message it answers.
      const progressed = db.$with('progressed').as(
        db
          .insert(chatReplyProgress)
          .select(
            db
              .select({
                id: sql`${p('progressId')}::uuid`.as('id'),
                conversationId: sql`${p('conversationId')}::uuid`.as('conversation_id'),
                userId: sql`${p('userId')}::uuid`.as('user_id'),
                kind: sql`'send'`.as('kind'),
                replyId: sql`${p('replyId')}::uuid`.as('reply_id'),
                userMessageId: sql`inserted.id`.as('user_message_id'),
                newReply: sql`true`.as('new_reply'),
                chargeKey: sql`${p('chargeKey')}::text`.as('charge_key'),
                text: sql`''`.as('text'),
                state: sql`'streaming'`.as('state'),
                heartbeatAt: sql`now()`.as('heartbeat_at'),
                createdAt: sql`now()`.as('created_at'),
              })
              .from(sql`inserted`),
          )
          .returning({ id: chatReplyProgress.id }),
      );
      return {
        ctes: [inserted, touched, counted, progressed],
        fields: { message: sql`(select row_to_json(inserted) from inserted)` },
      };
    },
    values: {
      message_conversationId: conversationId,
      message_content: content,
      message_countOn: countOn,
      message_progressId: progress.id,
      message_userId: progress.userId,
      message_replyId: progress.replyId,
      message_chargeKey: progress.chargeKey,
    },
    decode: (r) => rowFromJson(chatMessages, jsonColumn(r.message) as Record<string, unknown>),
  };
}
