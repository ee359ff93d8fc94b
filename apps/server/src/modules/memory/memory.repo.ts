// The message index (chat_message_embeddings) and recall's reads: the messages an embedding model has not seen in
// their current text, the vectors of one conversation, and its messages matching words (the chat search's full-text
// expression, so its GIN index serves it). Every read is bounded to one conversation; the caller has checked it is
// the user's.
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { chatMessageEmbeddings, chatMessages, conversations } from '../../db/schema/index.ts';

/** A message whose vector is missing or stale (another text, another model). */
export interface StaleMessageRow {
  id: string;
  conversationId: string;
  userId: string;
  content: string;
  hash: string;
}

export interface NewEmbedding {
  messageId: string;
  conversationId: string;
  userId: string;
  model: string;
  hash: string;
  vector: Buffer;
  dimensions: number;
}

/** A message of the conversation as recall sees it. */
export interface RecallMessageRow {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  createdAt: string;
  seq: number;
}

export interface WordHitRow extends RecallMessageRow {
  rank: number;
}

export interface VectorRow {
  id: string;
  vector: Buffer;
}

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

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

  /** Writes vectors; a message indexed again (edited, swiped, another model) replaces its row. */
  async upsert(rows: NewEmbedding[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insert(chatMessageEmbeddings)
      .values(rows.map((r) => ({ ...r, contentHash: r.hash })))
      .onConflictDoUpdate({
        target: chatMessageEmbeddings.messageId,
        set: {
          model: sql`excluded.model`,
          dimensions: sql`excluded.dimensions`,
          contentHash: sql`excluded.content_hash`,
          vector: sql`excluded.vector`,
          createdAt: sql`now()`,
        },
      });
  }

  /** How many messages of a conversation have a current vector of `model` (tests, the health of the index). */
  async indexedCount(conversationId: string, model: string): Promise<number> {
    const res = await this.db.execute(sql`
      select count(*)::int as n from ${chatMessageEmbeddings} e join ${chatMessages} m on m.id = e.message_id
      where e.conversation_id = ${conversationId} and e.model = ${model} and e.content_hash = md5(m.content)`);
    return rowsOf<{ n: number }>(res)[0]!.n;
  }

  /** The conversation's current vectors of `model` at `dimensions`, outside `excluded` (the context window). */
  async vectors(conversationId: string, model: string, dimensions: number, excluded: string[]): Promise<VectorRow[]> {
    const res = await this.db.execute(sql`
      select e.message_id as id, e.vector from ${chatMessageEmbeddings} e
      join ${chatMessages} m on m.id = e.message_id
      where e.conversation_id = ${conversationId} and e.model = ${model} and e.dimensions = ${dimensions}
        and e.content_hash = md5(m.content) and m.status <> 'blocked'
        and not (e.message_id = any(${sql.param(excluded)}::uuid[]))`);
    return rowsOf<VectorRow>(res);
  }

  /** Messages of the conversation matching any of the words (`tsquery`: letters and digits joined by `|`), best first. */
  async wordHits(conversationId: string, tsquery: string, excluded: string[], limit: number): Promise<WordHitRow[]> {
    const res = await this.db.execute(sql`
      select m.id, m.role, m.content, to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
        m.seq, ts_rank(to_tsvector('english', m.content), q) as rank
      from ${chatMessages} m, to_tsquery('english', ${tsquery}) q
      where m.conversation_id = ${conversationId} and to_tsvector('english', m.content) @@ q and m.status <> 'blocked'
        and not (m.id = any(${sql.param(excluded)}::uuid[]))
      order by rank desc, m.seq desc
      limit ${limit}`);
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
}
