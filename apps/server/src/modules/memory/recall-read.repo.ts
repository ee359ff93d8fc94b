// Recall's search by words as SQL, for two callers: MemoryRepo.wordHits (its own statement: a regenerate, a continue,
// a window longer than the first read) and a column of the reply pipeline's first read (chat/chat-context.repo.ts,
// groups/groups.repo.ts), so that a new message's recall runs beside the reads that happen anyway, in the same
// statement, instead of a round trip after them. Imports nothing of the chat module: both first reads use it.
import { sql, type SQL } from 'drizzle-orm';
import { jsonColumn } from '../../db/json-row.ts';
import { chatMessages } from '../../db/schema/index.ts';
import type { WordHitRow } from './memory.rows.ts';

/** Candidates recall takes by words before fusing them with those by meaning (recall.service.ts). */
export const WORD_CANDIDATES = 20;

/** The latest messages' text the query is made of (characters). */
export const QUERY_CHARS = 1_500;

/** Letters and digits only, 3+ characters, at most 12 words: a tsquery of alternatives ("cat | miso"). */
function recallWords(text: string): string[] {
  return [...new Set(text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? [])].slice(0, 12);
}

/** The tsquery recall searches `text` with, or null when it has no word to search. */
export function recallQueryOf(text: string | undefined): string | null {
  const words = recallWords((text ?? '').trim().slice(0, QUERY_CHARS));
  return words.length > 0 ? words.join(' | ') : null;
}

/**
 * The conversation's messages matching any word of `tsquery` (letters and digits joined by `|`), best first, but
 * `outside` (the context window): `id, role, content, createdAt, seq, rank` rows. The match and the rank read each
 * message's stored words (`content_words`, migration 0040), through the index of the conversation and its words
 * (migration 0043), so no message is parsed again, not even where the planner reads the conversation's messages
 * instead of the index. The best are found first and only they are read out (the date formatted): not every match.
 */
export function wordHitsSql(q: { conversationId: SQL; tsquery: SQL; outside: (hit: SQL) => SQL; limit: number }): SQL {
  const h = sql.raw('h');
  return sql`select m.id, m.role, m.content,
      to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt", m.seq, best.rank
    from (
      select h.id, h.seq, ts_rank(h.content_words, q) as rank
      from ${chatMessages} h, to_tsquery('english', ${q.tsquery}) q
      where h.conversation_id = ${q.conversationId} and h.content_words @@ q and h.status <> 'blocked'
        and ${q.outside(h)}
      order by rank desc, h.seq desc
      limit ${sql.raw(String(Math.floor(q.limit)))}
    ) best
    join ${chatMessages} m on m.id = best.id
    order by best.rank desc, best.seq desc`;
}

/**
 * The first read's column: the word hits of `tsquery` (a text parameter; null searches nothing) in the conversation,
 * outside its newest `window` messages, which are the ones that read takes (a json array, decoded by `wordHitsFrom`).
 */
export function recallWordsJson(conversationId: SQL, tsquery: SQL, window: number): SQL<unknown> {
  const newest = sql`select w.seq from ${chatMessages} w where w.conversation_id = ${conversationId}
    order by w.seq desc limit ${sql.raw(String(Math.max(1, Math.floor(window))))}`;
  const hits = wordHitsSql({
    conversationId,
    tsquery: sql`${tsquery}::text`,
    outside: (h) => sql`${h}.seq < (select min(nw.seq) from (${newest}) nw)`,
    limit: WORD_CANDIDATES,
  });
  return sql<unknown>`(select coalesce(json_agg(r order by r.rank desc, r.seq desc), '[]'::json) from (${hits}) r where ${tsquery}::text is not null)`;
}

/** Decodes `recallWordsJson`'s value (its order is the rank's). */
export function wordHitsFrom(value: unknown): WordHitRow[] {
  const rows = jsonColumn(value);
  return Array.isArray(rows) ? (rows as WordHitRow[]).map((r) => ({ ...r, rank: Number(r.rank), seq: Number(r.seq) })) : [];
}
