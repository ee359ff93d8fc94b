// The message index (chat_message_embeddings) and recall's reads: the messages an embedding model has not seen in
// their current text, the vectors of one conversation, and its messages matching words (the chat search's full-text
// expression, so its GIN index serves it). Every read is bounded to one conversation; the caller has checked it is
// the user's.
import { and, desc, eq, inArray, sql, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { reusable, statementName } from '../../db/prepared.ts';
import { characters, chatGroups, chatMessageEmbeddings, chatMessages, conversations, memoryJournal } from '../../db/schema/index.ts';
import type {
  StaleMessageRow,
  NewEmbedding,
  RecallMessageRow,
  WordHitRow,
  VectorRow,
  JournalOwner,
  JournalConversation,
  TranscriptRow,
} from './memory.rows.ts';
import { wordHitsSql } from './recall-read.repo.ts';

/** A memory of the journal. */
export type MemoryRow = typeof memoryJournal.$inferSelect;

export type * from './memory.rows.ts';

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

/** The conversation's replies that were saved (blocked ones and a greeting before the user's first message left out). */
function replyCountOf(conversationId: SQLWrapper) {
  return sql`select count(*)::int from ${chatMessages} m
    where m.conversation_id = ${conversationId} and m.role = 'assistant' and m.status <> 'blocked'
      and m.seq > (select min(u.seq) from ${chatMessages} u where u.conversation_id = ${conversationId} and u.role = 'user')`;
}

type JournalConversationRow = {
  id: string;
  userId: string;
  characterId: string;
  groupId: string | null;
  isGroup: boolean;
  journalReplies: number;
  nsfw: boolean;
};

/** Whose journal a conversation reads; undefined for a group chat whose group is gone. */
function journalConversationOf(row: JournalConversationRow): JournalConversation | undefined {
  if (row.isGroup && !row.groupId) return undefined;
  const owner: JournalOwner = row.isGroup
    ? { userId: row.userId, characterId: null, groupId: row.groupId! }
    : { userId: row.userId, characterId: row.characterId, groupId: null };
  return { id: row.id, owner, journalReplies: row.journalReplies, nsfw: row.nsfw };
}

/** The rows of one journal. */
function ofOwner(o: JournalOwner) {
  return and(
    eq(memoryJournal.userId, o.userId),
    o.characterId !== null ? eq(memoryJournal.characterId, o.characterId) : eq(memoryJournal.groupId, o.groupId),
  );
}

export class MemoryRepo {
  constructor(private readonly db: DbOrTx) {}

  /** Up to `limit` messages of the conversation without a current vector of `model`, newest first. */
  async staleMessages(conversationId: string, model: string, limit: number): Promise<StaleMessageRow[]> {
    const res = await this.db.execute(sql`
      select m.id, m.conversation_id as "conversationId", c.user_id as "userId", m.content, md5(m.content) as hash
      from ${chatMessages} m
      join ${conversations} c on c.id = m.conversation_id
      left join ${chatMessageEmbeddings} e on e.message_id = m.id
      where m.conversation_id = ${conversationId} and m.status <> 'blocked' and btrim(m.content) <> ''
        and (e.message_id is null or e.model <> ${model} or e.content_hash <> md5(m.content))
      order by m.seq desc
      limit ${limit}`);
    return rowsOf<StaleMessageRow>(res);
  }

  /** Conversations holding messages without a current vector of `model`, the most recently active first. */
  async conversationsToIndex(model: string, limit: number): Promise<string[]> {
    const res = await this.db.execute(sql`
      select c.id from ${conversations} c
      where exists (
        select 1 from ${chatMessages} m left join ${chatMessageEmbeddings} e on e.message_id = m.id
        where m.conversation_id = c.id and m.status <> 'blocked' and btrim(m.content) <> ''
          and (e.message_id is null or e.model <> ${model} or e.content_hash <> md5(m.content))
      )
      order by c.updated_at desc
      limit ${limit}`);
    return rowsOf<{ id: string }>(res).map((r) => r.id);
  }

  /**
   * Writes vectors; a message indexed again (edited, swiped, another model) replaces its row. Only for a message whose
   * text is still the one embedded (its md5) and that is not blocked: the row is checked and locked (`for share`)
   * as it is written, so an edit saved meanwhile either makes this write skip it or, coming after, deletes it again
   * (the trigger of migration 0040_recall_speed), and recall can trust every row it reads. `pgvector`: the row's
   * `embedding` column (db/vector-index.ts) is emptied on replace, for the caller to fill with the new vector.
   */
  async upsert(rows: NewEmbedding[], o: { pgvector?: boolean } = {}): Promise<void> {
    if (rows.length === 0) return;
    const columns = sql.raw('message_id, conversation_id, user_id, model, dimensions, content_hash, vector, signs');
    const values = rows.map(
      (r) => sql`(${r.messageId}::uuid, ${r.conversationId}::uuid, ${r.userId}::uuid, ${r.model}::text, ${r.dimensions}::int,
        ${r.hash}::text, ${r.vector}::bytea, ${r.signs}::varbit)`,
    );
    await this.db.execute(sql`
      insert into ${chatMessageEmbeddings} (${columns})
      select v.* from (values ${sql.join(values, sql`, `)}) v (${columns})
      join ${chatMessages} m on m.id = v.message_id
      where md5(m.content) = v.content_hash and m.status <> 'blocked'
      order by m.id
      for share of m
      on conflict (message_id) do update set model = excluded.model, dimensions = excluded.dimensions,
        content_hash = excluded.content_hash, vector = excluded.vector, signs = excluded.signs, created_at = now()
        ${o.pgvector ? sql`, embedding = null` : sql``}`);
  }

  /**
   * The index over every conversation: messages it should hold (not blocked, not blank), how many of them have a
   * vector of `model`, and how many vectors are of another model still (written before the model changed). One scan
   * of each table: the health check asks at most once a minute (index-progress.ts).
   */
  async indexProgress(model: string): Promise<{ messages: number; current: number; otherModels: number }> {
    const res = await this.db.execute(sql`
      select (select count(*) from ${chatMessages} m where m.status <> 'blocked' and btrim(m.content) <> '')::int as messages,
        (select count(*) from ${chatMessageEmbeddings} e where e.model = ${model})::int as current,
        (select count(*) from ${chatMessageEmbeddings} e where e.model <> ${model})::int as "otherModels"`);
    return rowsOf<{ messages: number; current: number; otherModels: number }>(res)[0]!;
  }

  /** How many messages of a conversation have a current vector of `model` (tests, the health of the index). */
  async indexedCount(conversationId: string, model: string): Promise<number> {
    const res = await this.db.execute(sql`
      select count(*)::int as n from ${chatMessageEmbeddings} e join ${chatMessages} m on m.id = e.message_id
      where e.conversation_id = ${conversationId} and e.model = ${model} and e.content_hash = md5(m.content)`);
    return rowsOf<{ n: number }>(res)[0]!.n;
  }

  /**
   * The conversation's vectors of `model` at `dimensions`, outside `excluded` (the context window), that are nearest
   * the query by their signs: every vector is ranked by the cosine of its signs with the query's (`masks`, vector.ts
   * `signMasks`) from chat_message_embeddings_recall_idx alone, and only the best `limit` are read in full. Every
   * row is current (a message's change deletes its row, `upsert` writes only current ones), so no message is read.
   */
  async nearVectors(q: {
    conversationId: string;
    model: string;
    dimensions: number;
    excluded: string[];
    masks: { same: string; opposite: string };
    limit: number;
  }): Promise<VectorRow[]> {
    const res = await this.db.execute(sql`
      with near as (
        select e.message_id from ${chatMessageEmbeddings} e
        where e.conversation_id = ${q.conversationId} and e.model = ${q.model} and e.dimensions = ${q.dimensions}
          and not (e.message_id = any(${sql.param(q.excluded)}::uuid[]))
        order by (bit_count(e.signs & ${q.masks.same}::varbit) - bit_count(e.signs & ${q.masks.opposite}::varbit))
          / sqrt(greatest(bit_count(e.signs), 1)) desc
        limit ${q.limit}
      )
      select e.message_id as id, e.vector from near join ${chatMessageEmbeddings} e on e.message_id = near.message_id`);
    return rowsOf<VectorRow>(res);
  }

  /** Messages of the conversation matching any of the words (`tsquery`), best first, but the `excluded` (recall-read.repo.ts). */
  async wordHits(conversationId: string, tsquery: string, excluded: string[], limit: number): Promise<WordHitRow[]> {
    const res = await this.db.execute(
      wordHitsSql({
        conversationId: sql`${conversationId}`,
        tsquery: sql`${tsquery}`,
        outside: (h) => sql`not (${h}.id = any(${sql.param(excluded)}::uuid[]))`,
        limit,
      }),
    );
    return rowsOf<WordHitRow>(res).map((r) => ({ ...r, rank: Number(r.rank), seq: Number(r.seq) }));
  }

  /** The messages by id (recall's passages), within the conversation. */
  async messages(conversationId: string, ids: string[]): Promise<RecallMessageRow[]> {
    if (ids.length === 0) return [];
    const res = await this.db.execute(sql`
      select m.id, m.role, m.content, to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt", m.seq
      from ${chatMessages} m where m.conversation_id = ${conversationId} and m.id = any(${sql.param(ids)}::uuid[])`);
    return rowsOf<RecallMessageRow>(res).map((r) => ({ ...r, seq: Number(r.seq) }));
  }

  /** The caller's conversation, or undefined (another user's reads as missing). */
  async ownConversation(conversationId: string, userId: string): Promise<{ id: string; recallEnabled: boolean } | undefined> {
    const [row] = await this.db
      .select({ id: conversations.id, recallEnabled: conversations.recallEnabled })
      .from(conversations)
      .where(and(eq(conversations.id, conversationId), eq(conversations.userId, userId)));
    return row;
  }

  /** The per-conversation recall switch (the chat's memory panel). */
  async setRecall(conversationId: string, enabled: boolean): Promise<void> {
    await this.db.update(conversations).set({ recallEnabled: enabled }).where(eq(conversations.id, conversationId));
  }

  /** The caller's conversation and whose journal it reads (its group's for a group chat), or undefined. */
  async journalConversation(conversationId: string, userId?: string): Promise<JournalConversation | undefined> {
    const [row] = await this.journalConversationQuery(userId !== undefined ? 'user' : 'any').execute({ conversationId, userId });
    return row && journalConversationOf(row);
  }

  /**
   * The journal writer's question after every reply, in one round trip: the conversation as the journal sees it and
   * how many replies it holds (`replyCount`).
   */
  async journalProgress(conversationId: string): Promise<(JournalConversation & { replies: number }) | undefined> {
    const [row] = await this.journalConversationQuery('replies').execute({ conversationId });
    const conversation = row && journalConversationOf(row);
    return conversation && { ...conversation, replies: row.replies };
  }

  /** Built once per handle (db/prepared.ts): the writer and every reply's prompt ask it. */
  private journalConversationQuery(variant: 'any' | 'user' | 'replies') {
    const key = `memory_journal_conversation_${variant}`;
    return reusable(this.db, key, () =>
      this.db
        .select({
          id: conversations.id,
          userId: conversations.userId,
          characterId: conversations.characterId,
          groupId: chatGroups.id,
          isGroup: conversations.isGroup,
          journalReplies: conversations.journalReplies,
          nsfw: characters.nsfw,
          replies: variant === 'replies' ? sql<number>`(${replyCountOf(conversations.id)})` : sql<number>`0`,
        })
        .from(conversations)
        .innerJoin(characters, eq(characters.id, conversations.characterId))
        .leftJoin(chatGroups, eq(chatGroups.conversationId, conversations.id))
        .where(
          and(
            eq(conversations.id, sql.placeholder('conversationId')),
            variant === 'user' ? eq(conversations.userId, sql.placeholder('userId')) : undefined,
          ),
        )
        .prepare(statementName(key)),
    );
  }

  /** A journal, pinned memories first, then the newest; at most `limit`. */
  async memories(owner: JournalOwner, limit = 1_000): Promise<MemoryRow[]> {
    const byCharacter = owner.characterId !== null;
    const key = `memory_journal_of_${byCharacter ? 'character' : 'group'}`;
    const query = reusable(this.db, key, () =>
      this.db
        .select()
        .from(memoryJournal)
        .where(
          and(
            eq(memoryJournal.userId, sql.placeholder('userId')),
            byCharacter ? eq(memoryJournal.characterId, sql.placeholder('of')) : eq(memoryJournal.groupId, sql.placeholder('of')),
          ),
        )
        .orderBy(desc(memoryJournal.pinned), desc(memoryJournal.createdAt), desc(memoryJournal.id))
        .limit(sql.placeholder('limit'))
        .prepare(statementName(key)),
    );
    return query.execute({ userId: owner.userId, of: owner.characterId ?? owner.groupId, limit });
  }

  /**
   * Adds memories while the journal holds fewer than `max` (in one statement, so two writers cannot pass it
   * together by much); the rows written, fewer (or none) when the journal filled up.
   */
  async addMemories(
    owner: JournalOwner,
    rows: Pick<MemoryRow, 'text' | 'pinned' | 'source' | 'messageIds'>[],
    max: number,
  ): Promise<MemoryRow[]> {
    const out: MemoryRow[] = [];
    for (const r of rows) {
      const res = await this.db.execute(sql`
        insert into ${memoryJournal} (user_id, character_id, group_id, text, pinned, source, message_ids)
        select ${owner.userId}::uuid, ${owner.characterId}::uuid, ${owner.groupId}::uuid, ${r.text}::text, ${r.pinned}::boolean, ${r.source}::text,
          ${sql.param(r.messageIds)}::uuid[]
        where (select count(*) from ${memoryJournal} where ${ofOwner(owner)}) < ${max}
        returning id`);
      const id = rowsOf<{ id: string }>(res)[0]?.id;
      if (!id) break;
      out.push((await this.memory(owner, id))!);
    }
    return out;
  }

  /** Every memory of a user, with the character's or group's name (the account's data export), oldest first. */
  async allOfUser(userId: string): Promise<(MemoryRow & { characterName: string | null; groupName: string | null })[]> {
    const rows = await this.db
      .select({ memory: memoryJournal, characterName: characters.name, groupName: chatGroups.name })
      .from(memoryJournal)
      .leftJoin(characters, eq(characters.id, memoryJournal.characterId))
      .leftJoin(chatGroups, eq(chatGroups.id, memoryJournal.groupId))
      .where(eq(memoryJournal.userId, userId))
      .orderBy(memoryJournal.createdAt, memoryJournal.id);
    return rows.map((r) => ({ ...r.memory, characterName: r.characterName, groupName: r.groupName }));
  }

  /** A user's memories by id (any journal of theirs). */
  async memoriesByIds(userId: string, ids: string[]): Promise<{ id: string; text: string; pinned: boolean }[]> {
    if (ids.length === 0) return [];
    return this.db
      .select({ id: memoryJournal.id, text: memoryJournal.text, pinned: memoryJournal.pinned })
      .from(memoryJournal)
      .where(and(eq(memoryJournal.userId, userId), inArray(memoryJournal.id, ids)));
  }

  /** One memory of the journal, or undefined (another journal's reads as missing). */
  async memory(owner: JournalOwner, id: string): Promise<MemoryRow | undefined> {
    const [row] = await this.db
      .select()
      .from(memoryJournal)
      .where(and(ofOwner(owner), eq(memoryJournal.id, id)));
    return row;
  }

  async editMemory(owner: JournalOwner, id: string, edit: { text?: string; pinned?: boolean }): Promise<MemoryRow | undefined> {
    const [row] = await this.db
      .update(memoryJournal)
      .set({ ...edit, updatedAt: sql`now()` })
      .where(and(ofOwner(owner), eq(memoryJournal.id, id)))
      .returning();
    return row;
  }

  /** Forgets a memory; false when the journal holds none by that id. */
  async forgetMemory(owner: JournalOwner, id: string): Promise<boolean> {
    const rows = await this.db
      .delete(memoryJournal)
      .where(and(ofOwner(owner), eq(memoryJournal.id, id)))
      .returning({ id: memoryJournal.id });
    return rows.length > 0;
  }

  /** Moves the writer's mark from `from` to `to`; false when another writer moved it first. */
  async moveJournalMark(conversationId: string, from: number, to: number): Promise<boolean> {
    const rows = await this.db
      .update(conversations)
      .set({ journalReplies: to })
      .where(and(eq(conversations.id, conversationId), eq(conversations.journalReplies, from)))
      .returning({ id: conversations.id });
    return rows.length > 0;
  }

  /** The conversation's latest `limit` messages with words (oldest first) and who said each. */
  async transcript(conversationId: string, limit: number): Promise<TranscriptRow[]> {
    const res = await this.db.execute(sql`
      select m.id, case when m.role = 'user' then null else coalesce(sc.name, cc.name) end as speaker, m.content
      from ${chatMessages} m
      join ${conversations} c on c.id = m.conversation_id
      join ${characters} cc on cc.id = c.character_id
      left join ${characters} sc on sc.id = m.speaker_id
      where m.conversation_id = ${conversationId} and m.status <> 'blocked' and btrim(m.content) <> ''
      order by m.seq desc
      limit ${limit}`);
    return rowsOf<TranscriptRow>(res).reverse();
  }
}
