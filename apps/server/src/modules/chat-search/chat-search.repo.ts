import { and, asc, desc, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { chatMessages, characters, conversations, personas } from '../../db/schema/index.ts';
import { messagePersonaJoin, shownMessage, shownMessageColumns, type ShownMessageRow } from '../chat/shown-message.repo.ts';

/** A message that matched: where it is, its text (the snippet is cut from it), and when. */
export interface ChatHitRow {
  id: string;
  conversationId: string;
  role: 'user' | 'assistant';
  content: string;
  createdAt: string;
}

/** The hits of one character across the user's conversations with it. */
export interface ChatHitGroupRow {
  characterId: string;
  characterName: string;
  characterAvatarUrl: string | null;
  characterDeleted: boolean;
  total: number;
  hits: ChatHitRow[];
}

/**
 * How a search matches a message: full-text, each word in any English form (to_tsvector/to_tsquery stem "dragons"
 * to "dragon"), served by a GIN index on the same expression (migration chat_search). `tsquery` is built from
 * letters and digits only (see the service), never from raw input.
 */
export interface ChatMatch {
  tsquery: string;
}

const TS_CONFIG = sql.raw(`'english'`);

/** The match on a message text column (`col`): the same expression as the index. */
function matchOn(m: ChatMatch, col: SQL): SQL {
  return sql`to_tsvector(${TS_CONFIG}, ${col}) @@ to_tsquery(${TS_CONFIG}, ${m.tsquery})`;
}

const isoTime = (col: SQL | typeof chatMessages.createdAt) =>
  sql<string>`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Search in a user's conversations and the pages of a long conversation. */
export class ChatSearchRepo {
  constructor(private readonly db: DbOrTx) {}

  /**
   * For typos: per word (4+ letters), up to 3 words of the chat lexicon that look like it (trigram similarity
   * ≥ 0.45: "lantrn" → lantern), best first. The lexicon (chat_search_words) is kept by a trigger on chat_messages,
   * outside the Drizzle schema; words are letters and digits only.
   */
  async similarWords(words: string[]): Promise<Map<string, string[]>> {
    const asked = words.filter((w) => w.length >= 4);
    if (asked.length === 0) return new Map();
    const res = await this.db.execute(sql`
      select q.w as word, array(
        select s.word from chat_search_words s where s.word % q.w and similarity(s.word, q.w) >= 0.45 and s.word <> q.w
        order by similarity(s.word, q.w) desc, s.word limit 3
      ) as similar
      from unnest(${sql.param(asked)}::text[]) as q(w)`);
    return new Map((res as unknown as { rows: Array<{ word: string; similar: string[] }> }).rows.map((r) => [r.word, r.similar]));
  }

  /** Matching messages of one conversation, newest first; one more than `limit` tells whether there are more. */
  async inConversation(conversationId: string, match: ChatMatch, limit: number, offset: number): Promise<ChatHitRow[]> {
    return this.db
      .select({
        id: chatMessages.id,
        conversationId: chatMessages.conversationId,
        role: chatMessages.role,
        content: chatMessages.content,
        createdAt: isoTime(chatMessages.createdAt),
      })
      .from(chatMessages)
      .where(and(eq(chatMessages.conversationId, conversationId), matchOn(match, sql`${chatMessages.content}`)))
      .orderBy(desc(chatMessages.seq))
      .limit(limit + 1)
      .offset(offset);
  }

  /**
   * Matching messages of all the user's one-to-one conversations, grouped by character: the groups ordered by their newest
   * match, each with its match count and its `perGroup` newest hits; one group more than `limit` tells whether
   * there are more. One statement: the matches ranked per character in one pass (the GIN index answers for every
   * user's messages, the join keeps the caller's), the page of groups, then the text of each group's newest hits.
   */
  async acrossConversations(userId: string, match: ChatMatch, limit: number, offset: number, perGroup: number): Promise<ChatHitGroupRow[]> {
    const res = await this.db.execute(sql`
      with ranked as (
        select m.id, m.seq, c.character_id,
          row_number() over (partition by c.character_id order by m.seq desc) as rn,
          count(*) over (partition by c.character_id) as total,
          max(m.seq) over (partition by c.character_id) as newest
        from ${chatMessages} m join ${conversations} c on c.id = m.conversation_id
        -- Group chats are left out: their conversation row names only the group's first member (modules/groups).
        where c.user_id = ${userId} and not c.is_group and ${matchOn(match, sql`m.content`)}
      ), groups as (
        select character_id, total, newest from ranked where rn = 1 order by newest desc limit ${limit + 1} offset ${offset}
      ), tops as (
        select r.character_id, json_agg(json_build_object('id', x.id, 'conversationId', x.conversation_id, 'role', x.role,
          'content', x.content, 'createdAt', ${isoTime(sql`x.created_at`)}) order by x.seq desc) as hits
        from ranked r join groups g on g.character_id = r.character_id join ${chatMessages} x on x.id = r.id
        where r.rn <= ${perGroup}
        group by r.character_id
      )
      select g.character_id as "characterId", ch.name as "characterName",
        coalesce(ch.thumbnail_url, ch.avatar_url) as "characterAvatarUrl", (ch.deleted_at is not null) as "characterDeleted",
        g.total, t.hits
      from groups g
      join ${characters} ch on ch.id = g.character_id
      join tops t on t.character_id = g.character_id
      order by g.newest desc`);
    return (res as unknown as { rows: ChatHitGroupRow[] }).rows.map((r) => ({ ...r, total: Number(r.total) }));
  }

  /** A message's place (its seq) in a conversation, or null when it is not there. */
  async seqOf(conversationId: string, messageId: string): Promise<number | null> {
    const [row] = await this.db
      .select({ seq: chatMessages.seq })
      .from(chatMessages)
      .where(and(eq(chatMessages.id, messageId), eq(chatMessages.conversationId, conversationId)));
    return row?.seq ?? null;
  }

  /** Up to `limit` messages older than `seq` (all when null), newest first, as shown. */
  async olderThan(conversationId: string, seq: number | null, limit: number): Promise<ShownMessageRow[]> {
    const rows = await this.db
      .select(shownMessageColumns)
      .from(chatMessages)
      .leftJoin(personas, messagePersonaJoin)
      .where(and(eq(chatMessages.conversationId, conversationId), seq === null ? undefined : lt(chatMessages.seq, seq)))
      .orderBy(desc(chatMessages.seq))
      .limit(limit);
    return rows.map(shownMessage);
  }

  /** Up to `limit` messages from `seq` on (`inclusive`) or after it, oldest first, as shown. */
  async fromSeq(conversationId: string, seq: number, limit: number, inclusive: boolean): Promise<ShownMessageRow[]> {
    const rows = await this.db
      .select(shownMessageColumns)
      .from(chatMessages)
      .leftJoin(personas, messagePersonaJoin)
      .where(
        and(eq(chatMessages.conversationId, conversationId), inclusive ? sql`${chatMessages.seq} >= ${seq}` : gt(chatMessages.seq, seq)),
      )
      .orderBy(asc(chatMessages.seq))
      .limit(limit);
    return rows.map(shownMessage);
  }
}
