// Recall's vectors in pgvector (db/vector-index.ts), where the database has it: each vector is kept a second time in
// `chat_message_embeddings.embedding` (type `vector`) beside its float32 bytes, and a conversation's nearest are ranked
// by the database (cosine distance; an HNSW index per vector size where the planner takes it). Bounded to one
// conversation, one model and one vector size, as the in-process ranking is (memory.repo.ts `nearVectors`).
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { chatMessageEmbeddings } from '../../db/schema/index.ts';
import { bytesToVector } from './vector.ts';

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

/** pgvector's text form of a vector: `[0.1,-0.2,…]`. */
export function vectorLiteral(v: Float32Array): string {
  return `[${Array.from(v, (x) => (Number.isFinite(x) ? x : 0)).join(',')}]`;
}

/**
 * Candidates the HNSW scan keeps while it walks the graph (pgvector's default is 40). With a real model's vectors
 * (bench:memory's planted facts, Universal Sentence Encoder lite, a 10,000-message conversation) the 20 rows it
 * returned held 78 % of the 5 nearest by exact cosine at 40, 92 % at 100 and 96 % at 200 (recall@5 50, 62 and 72 %;
 * the shortlist in the process: 99.6 % and 78 %). At full scale on PostgreSQL (200 conversations, 100,000 vectors of
 * 256 dimensions in one index) the ranking's p95 went from 20.1 to 21.3 ms (docs/memory.md).
 */
const HNSW_EF_SEARCH = 200;

/** What the database ranked: the nearest messages, or that some of the conversation's vectors are not in `embedding` yet. */
export type Nearest = { unconverted: true } | { unconverted: false; rows: { id: string; similarity: number }[] };

export class MemoryVectorsRepo {
  constructor(private readonly db: DbOrTx) {}

  /** Copies vectors into `embedding`, for rows still holding the text they were embedded from (`hash`). */
  async setEmbeddings(rows: { messageId: string; hash: string; vector: Buffer }[]): Promise<void> {
    if (rows.length === 0) return;
    const values = rows.map((r) => sql`(${r.messageId}::uuid, ${r.hash}::text, ${vectorLiteral(bytesToVector(r.vector))}::vector)`);
    await this.db.execute(sql`
      update ${chatMessageEmbeddings} e set embedding = v.embedding
      from (values ${sql.join(values, sql`, `)}) v (message_id, content_hash, embedding)
      where e.message_id = v.message_id and e.content_hash = v.content_hash`);
  }

  /** Rows written before pgvector was there (or by a process that had not seen it yet): their vectors to copy. */
  async unconverted(limit: number): Promise<{ messageId: string; hash: string; vector: Buffer }[]> {
    const res = await this.db.execute(sql`
      select message_id as "messageId", content_hash as hash, vector from ${chatMessageEmbeddings}
      where embedding is null limit ${limit}`);
    return rowsOf(res);
  }

  /** How many vectors are not copied into `embedding` yet (the health of the index; a partial index serves it). */
  async unconvertedCount(): Promise<number> {
    const res = await this.db.execute(sql`select count(*)::int as n from ${chatMessageEmbeddings} where embedding is null`);
    return rowsOf<{ n: number }>(res)[0]!.n;
  }

  /** The vector sizes stored (one HNSW index each). */
  async dimensions(): Promise<number[]> {
    const res = await this.db.execute(sql`select distinct dimensions as d from ${chatMessageEmbeddings} where embedding is not null`);
    return rowsOf<{ d: number }>(res).map((r) => Number(r.d));
  }

  /**
   * The conversation's `limit` vectors of `model` nearest `query` by cosine, outside `excluded`, ranked by the
   * database; or `unconverted` when some of its vectors are not copied into `embedding` yet (the caller ranks in the
   * process then, so nothing is missed). `iterative`: pgvector ≥ 0.8 goes on scanning the HNSW index until `limit`
   * rows of this conversation are found (a filtered index scan stops at `hnsw.ef_search` candidates otherwise).
   */
  async nearest(q: {
    conversationId: string;
    model: string;
    query: Float32Array;
    excluded: string[];
    limit: number;
    iterative: boolean;
  }): Promise<Nearest> {
    const d = q.query.length;
    if (!Number.isInteger(d) || d < 1) return { unconverted: false, rows: [] };
    const size = sql.raw(String(d));
    const target = sql`${vectorLiteral(q.query)}::vector(${size})`;
    const statement = sql`
      select u.pending, n.id, n.similarity from (
        select exists (select 1 from ${chatMessageEmbeddings} p
          where p.conversation_id = ${q.conversationId} and p.model = ${q.model} and p.embedding is null) as pending
      ) u
      left join lateral (
        select e.message_id as id, 1 - (e.embedding::vector(${size}) <=> ${target}) as similarity
        from ${chatMessageEmbeddings} e
        where not u.pending and e.conversation_id = ${q.conversationId} and e.model = ${q.model} and e.dimensions = ${size}
          and e.embedding is not null and not (e.message_id = any(${sql.param(q.excluded)}::uuid[]))
        order by e.embedding::vector(${size}) <=> ${target}
        limit ${q.limit}
      ) n on true`;
    const res = q.iterative
      ? await this.db.transaction(async (tx) => {
          // `set local` of both in one statement.
          await tx.execute(sql`select set_config('hnsw.iterative_scan', 'relaxed_order', true),
            set_config('hnsw.ef_search', ${String(HNSW_EF_SEARCH)}, true)`);
          return tx.execute(statement);
        })
      : await this.db.execute(statement);
    const rows = rowsOf<{ pending: boolean; id: string | null; similarity: number | string | null }>(res);
    if (rows[0]?.pending) return { unconverted: true };
    return {
      unconverted: false,
      rows: rows.filter((r) => r.id !== null).map((r) => ({ id: r.id!, similarity: Number(r.similarity) })),
    };
  }
}
