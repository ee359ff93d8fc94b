import { and, asc, desc, eq, getTableName, gt, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { jsonColumn } from '../../db/json-row.ts';
import { reusable, statementName } from '../../db/prepared.ts';
import { chatMessages, characters, conversations, personas } from '../../db/schema/index.ts';
import { messagePersonaJoin, shownMessage, shownMessageColumns, type ShownMessageRow } from '../chat/index.ts';
import { groupSummaryOf, groupSummarySql, type GroupSummary } from '../groups/group-summary.repo.ts';

/** A message that matched: where it is, its text (the snippet is cut from it), and when. */
export interface ChatHitRow {
  id: string;
  conversationId: string;
  role: 'user' | 'assistant';
  content: string;
  createdAt: string;
  /** In a group chat, the character who wrote a reply (null for the user's lines and across one-to-one chats). */
  speaker?: { id: string; name: string } | null;
}

/**
 * The hits of one result of the search across chats: a character (the user's one-to-one conversations with it)
 * or a group chat.
 */
export type ChatHitGroupRow = { total: number; hits: ChatHitRow[] } & (
  | { kind: 'character'; character: { id: string; name: string; avatarUrl: string | null; deleted: boolean } }
  | { kind: 'groupChat'; groupChat: GroupSummary }
);

/**
 * How a search matches a message: full-text, each word in any English form (to_tsvector/to_tsquery stem "dragons"
 * to "dragon"), served by a GIN index on the same expression (migration chat_search). `tsquery` is built from
 * letters and digits only (see the service), never from raw input.
 */
export interface ChatMatch {
  tsquery: string;
}

const TS_CONFIG = sql.raw(`'english'`);

/**
 * The match among `userId`'s own messages only: the words of `to_tsvector('english', content)`, each prefixed with the
 * user's id, against the index of every message's words under its owner (chat_messages_user_search_idx, migration
 * 0039), so the index hands back only this user's matches in one probe. Reading the words' matches of every user first and throwing away
 * another user's took 9.0 s for 10 matches beside 102,458 (#47.6); naming the user's conversations to the index of
 * conversation and words (0029) cost one GIN scan per conversation.
 */
function ownMatchOn(userId: SQL, tsquery: SQL, messages: SQL = sql.raw('m')): SQL {
  return sql`chat_search_user_words(${messages}.user_id, ${messages}.content) @@ chat_search_user_query(${userId}, to_tsquery(${TS_CONFIG}, ${tsquery}))`;
}

const isoTime = (col: SQL | typeof chatMessages.createdAt) =>
  sql<string>`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The statement of `acrossConversations`, built once per database handle and sent as a named prepared statement:
 * PostgreSQL parses and plans its 2.5 KB once per connection instead of on every search (planning alone was 0.7–0.9
 * ms of its 6–8 ms, `EXPLAIN ANALYZE` in `bench:chat-search`).
 */
function acrossStatement(db: DbOrTx) {
  return reusable(db, 'chat_search_across', () => {
    const ph = (name: string) => sql.placeholder(name);
    const found = sql`
      with convs as materialized (
        select m.conversation_id, count(*) as total, max(m.seq) as newest,
          (array_agg(m.seq order by m.seq desc))[1:${ph('perGroup')}::int] as seqs
        from ${chatMessages} m where ${ownMatchOn(sql`${ph('userId')}::uuid`, sql`${ph('tsquery')}::text`)}
        group by m.conversation_id
      ), keyed as materialized (
        select v.*, c.is_group, case when c.is_group then c.id else c.character_id end as key
        from convs v join ${conversations} c on c.id = v.conversation_id
        where c.user_id = ${ph('userId')}::uuid
      ), found as (
        select key, bool_or(is_group) as is_group, sum(total) as total, max(newest) as newest from keyed
        group by key order by newest desc limit ${ph('limit')}::int offset ${ph('offset')}::int
      ), ranked as (
        select k.key, k.conversation_id, s.seq, row_number() over (partition by k.key order by s.seq desc) as rn
        from keyed k join found f on f.key = k.key cross join unnest(k.seqs) as s(seq)
      ), tops as (
        select r.key, json_agg(json_build_object('id', x.id, 'conversationId', x.conversation_id, 'role', x.role,
          'content', x.content, 'createdAt', ${isoTime(sql`x.created_at`)},
          'speaker', case when sp.id is not null then json_build_object('id', sp.id, 'name', sp.name) end) order by x.seq desc) as hits
        from ranked r join ${chatMessages} x on x.conversation_id = r.conversation_id and x.seq = r.seq
        left join ${characters} sp on sp.id = x.speaker_id
        where r.rn <= ${ph('perGroup')}::int
        group by r.key
      )
      select f.is_group, f.key, f.newest, ch.name as character_name,
        coalesce(ch.thumbnail_url, ch.avatar_url) as character_avatar_url, (ch.deleted_at is not null) as character_deleted,
        ${groupSummarySql({ isGroup: sql`f.is_group`, id: sql`f.key` })} as group_chat,
        f.total, t.hits
      from found f
      join tops t on t.key = f.key
      left join ${characters} ch on not f.is_group and ch.id = f.key`;
    return db
      .select({
        isGroup: sql<boolean>`r.is_group`,
        key: sql<string>`r.key`,
        characterName: sql<string | null>`r.character_name`,
        characterAvatarUrl: sql<string | null>`r.character_avatar_url`,
        characterDeleted: sql<boolean | null>`r.character_deleted`,
        groupChat: sql<unknown>`r.group_chat`,
        total: sql<number | string>`r.total`,
        hits: sql<unknown>`r.hits`,
      })
      .from(sql`(${found}) as r`)
      .orderBy(sql`r.newest desc`)
      .prepare(statementName('chat_search_across'));
  });
}

/** Search in a user's conversations and the pages of a long conversation. */
export class ChatSearchRepo {
  constructor(private readonly db: DbOrTx) {}

  /**
   * For typos: per word (4+ letters), up to 3 words of the user's own chats that look like it (trigram similarity
   * ≥ 0.45: "lantrn" → lantern), best first. The lexicon (chat_search_words: words per conversation, counted in
   * messages) is kept by triggers on chat_messages (migration chat_search_words_per_conversation), outside the
   * Drizzle schema; words are letters and digits only, and another user's words are never read.
   */
  async similarWords(userId: string, words: string[]): Promise<Map<string, string[]>> {
    const asked = words.filter((w) => w.length >= 4);
    if (asked.length === 0) return new Map();
    const rows = await reusable(this.db, 'chat_search_similar', () =>
      this.db
        .select({
          word: sql<string>`q.w`,
          similar: sql<string[]>`array(
            select s.word from (
              select distinct s.word from chat_search_words s join ${conversations} c on c.id = s.conversation_id
              where c.user_id = ${sql.placeholder('userId')}::uuid and s.word % q.w and s.word <> q.w
            ) s
            where similarity(s.word, q.w) >= 0.45
            order by similarity(s.word, q.w) desc, s.word limit 3
          )`,
        })
        .from(sql`unnest(${sql.placeholder('words')}::text[]) as q(w)`)
        .prepare(statementName('chat_search_similar')),
    ).execute({ userId, words: asked });
    return new Map(rows.map((r) => [r.word, r.similar]));
  }

  /** How many messages, over every conversation, hold `word` as the typo lexicon counts them (checks and tests). */
  async lexiconCount(word: string): Promise<number> {
    const res = await this.db.execute(sql`select coalesce(sum(messages), 0)::int as n from chat_search_words where word = ${word}`);
    return (res as unknown as { rows: { n: number }[] }).rows[0]!.n;
  }

  /**
   * Matching messages of one conversation of `userId`'s, newest first, each reply of a group chat with its speaker; one
   * more than `limit` tells whether there are more. Matched among the owner's words (`ownMatchOn`) as well as by the
   * conversation: where the conversation and words share an index (PostgreSQL, migration 0029) either finds only
   * this conversation's matches, and where they cannot (PGlite, no `btree_gin`) the owner's matches are intersected
   * with the conversation's messages instead of every user's matches of the word.
   */
  async inConversation(userId: string, conversationId: string, match: ChatMatch, limit: number, offset: number): Promise<ChatHitRow[]> {
    const rows = await this.db
      .select({
        id: chatMessages.id,
        conversationId: chatMessages.conversationId,
        role: chatMessages.role,
        content: chatMessages.content,
        createdAt: isoTime(chatMessages.createdAt),
        speakerId: characters.id,
        speakerName: characters.name,
      })
      .from(chatMessages)
      .leftJoin(characters, eq(characters.id, chatMessages.speakerId))
      .where(
        and(
          eq(chatMessages.conversationId, conversationId),
          ownMatchOn(sql`${userId}::uuid`, sql`${match.tsquery}`, sql.raw(`"${getTableName(chatMessages)}"`)),
        ),
      )
      .orderBy(desc(chatMessages.seq))
      .limit(limit + 1)
      .offset(offset);
    return rows.map(({ speakerId, speakerName, ...hit }) => ({
      ...hit,
      speaker: speakerId && speakerName !== null ? { id: speakerId, name: speakerName } : null,
    }));
  }

  /**
   * Matching messages of all the user's conversations: one result per character for the one-to-one conversations,
   * one per group chat (a group's conversation row names only its first member, so a group chat is its own result,
   * keyed by its conversation: one group per conversation). Results ordered by their newest match, each with its
   * match count and its `perGroup` newest hits; one result more than `limit` tells whether there are more.
   * One statement: the caller's matches read once from the index of words under their owner (`ownMatchOn`), with no
   * join beside the scan (a join on conversations let the planner start from them and compute the words of each of
   * their messages instead), summed up per conversation (count, newest, its `perGroup` newest seqs); these rows, one
   * per conversation with a match, then give each its result (`keyed`), the page of results by their newest match, and only those
   * results' candidates (`perGroup` a conversation) ranked for the text and speaker of their newest hits, with the
   * character or the group and its members. Keying every match (a join and a second pass over all of them) before
   * summing up was slower: 9.4–12.6 against 6.5–8.3 ms a statement, pgbench, four alternated runs of 6 s each.
   */
  async acrossConversations(userId: string, match: ChatMatch, limit: number, offset: number, perGroup: number): Promise<ChatHitGroupRow[]> {
    const rows = await acrossStatement(this.db).execute({ userId, tsquery: match.tsquery, limit: limit + 1, offset, perGroup });
    return rows.flatMap((r): ChatHitGroupRow[] => {
      const common = { total: Number(r.total), hits: jsonColumn(r.hits) as ChatHitRow[] };
      if (!r.isGroup) {
        const character = { id: r.key, name: r.characterName!, avatarUrl: r.characterAvatarUrl, deleted: r.characterDeleted! };
        return [{ ...common, kind: 'character', character }];
      }
      const groupChat = groupSummaryOf(r.groupChat);
      // The group row is written with its conversation and deleted with it: never missing, but never a broken result.
      return groupChat ? [{ ...common, kind: 'groupChat', groupChat }] : [];
    });
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
