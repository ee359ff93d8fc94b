// bench:memory's recall latency (bench/memory.ts): the app's RecallService (words + meaning with the hash embedder,
// fused, the passages read) for one reply in the big conversation, timed in this process; beside it the raw
// baseline: the very statements the repository sent for each recall (captured from drizzle's logger), replayed with
// node-postgres and no app code (words and vectors side by side, then the passages, as the service does).
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../apps/server/src/db/client.ts';
import { RecallService } from '../apps/server/src/modules/memory/recall.service.ts';
import { HashEmbedder } from '../apps/server/test/hash-embedder.ts';
import { memoryUow, prng, rowsOf, sentence, type Seeded, vectorIndexOf } from './memory-seed.ts';

export interface Latency {
  p50: number;
  p95: number;
  p99: number;
  mean: number;
  n: number;
}

export function percentiles(ms: number[]): Latency {
  const s = [...ms].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? NaN;
  return { p50: at(50), p95: at(95), p99: at(99), mean: s.reduce((a, b) => a + b, 0) / s.length, n: s.length };
}

/** The context window a reply reads (never recalled): the conversation's newest messages. */
export const WINDOW = 40;

/** What a user might say next: 4–14 words of the conversation's vocabulary, a different mix each time. */
export function queries(n: number): string[] {
  const rand = prng(41);
  return Array.from({ length: n }, () => sentence(rand, 4 + Math.floor(rand() * 11)));
}

export interface RecallResult {
  app: Latency;
  raw?: Raw;
  passages: number;
  meaningShare: number;
  vectorsRead: number;
}

type Captured = { query: string; params: unknown[] }[];

/** The raw replay: whole recalls, then each statement kind alone. */
export interface Raw {
  all: Latency;
  words: Latency;
  vectors: Latency;
}

// The vectors' statement: the shortlist's read of the vectors' bytes, or pgvector's ranking (`<=>`), which the app
// sends in a transaction of its own after its settings (`set_config` of hnsw.iterative_scan and hnsw.ef_search, local
// to the transaction; replayed the same way, see `vectorsOf`).
function kindOf(query: string): 'words' | 'vectors' | 'setting' | 'passages' {
  if (query.includes('ts_rank')) return 'words';
  if (query.includes('e.vector') || query.includes('<=>')) return 'vectors';
  return query.includes('set_config') ? 'setting' : 'passages';
}

export async function benchRecall(database: Database, s: Seeded, n: number, pgUrl: string | undefined): Promise<RecallResult> {
  const uow = memoryUow(database);
  const recall = new RecallService({
    uow,
    embedder: new HashEmbedder(),
    vectorIndex: await vectorIndexOf(database),
    log: { warn: () => {} },
  });
  const excluded = rowsOf<{ id: string }>(
    await database.db.execute(
      sql`select id from chat_messages where conversation_id = ${s.bigConversationId} order by seq desc limit ${WINDOW}`,
    ),
  ).map((r) => r.id);
  const one = (text: string) =>
    recall.recall({
      conversationId: s.bigConversationId,
      text,
      excluded,
      limit: 6,
      tokenBudget: 512,
      countTokens: (t) => Math.ceil(t.length / 4),
      maxChars: 600,
    });
  const qs = queries(n);
  for (const q of queries(20)) await one(q); // warm-up
  const times: number[] = [];
  let passages = 0;
  let meaning = 0;
  for (const q of qs) {
    const t = performance.now();
    const got = await one(q);
    times.push(performance.now() - t);
    passages += got.length;
    meaning += got.filter((p) => p.why !== 'words').length;
  }
  const captured: Captured[] = [];
  for (const q of qs) captured.push(await capture(database, () => one(q).then(() => undefined)));
  const [vectorsRead] = rowsOf<{ n: number }>(
    await database.db.execute(sql`select count(*)::int as n from chat_message_embeddings where conversation_id = ${s.bigConversationId}`),
  );
  if (pgUrl && process.env.BENCH_EXPLAIN) await explain(pgUrl, captured[0] ?? []);
  return {
    app: percentiles(times),
    raw: pgUrl ? await replay(pgUrl, captured) : undefined,
    passages: passages / qs.length,
    meaningShare: passages > 0 ? meaning / passages : 0,
    vectorsRead: vectorsRead!.n - excluded.length,
  };
}

/** The statements `work` sends through drizzle, in order. */
async function capture(database: Database, work: () => Promise<void>): Promise<Captured> {
  type Logger = { logQuery(q: string, p: unknown[]): void };
  const out: Captured = [];
  const session = (database.db as unknown as { session: { logger: Logger; options: { logger?: Logger } } }).session;
  const [original, options] = [session.logger, session.options];
  const logger = { logQuery: (query: string, params: unknown[]) => out.push({ query, params }) };
  // A transaction's statements go through a session of its own, made with the session's options.
  [session.logger, session.options] = [logger, { ...options, logger }];
  try {
    await work();
  } finally {
    [session.logger, session.options] = [original, options];
  }
  // The replay opens and closes transactions itself (`vectorsOf`).
  return out.filter((c) => !/^(begin|commit|rollback)\b/i.test(c.query));
}

/**
 * The captured statements again through a plain node-postgres pool, recall by recall: the words and the vectors
 * statements side by side, then the passages' one (when the service sent one). Rows are fetched (the vectors' bytes
 * too) but nothing is decoded or scored.
 */
async function replay(url: string, recalls: Captured[]): Promise<Raw> {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const query = (c: Captured[number]) => pool.query(c.query, c.params);
  // pgvector's ranking after its settings, in a transaction of its own as the app sends it; else the one statement.
  const vectorsOf = async (vectors: Captured[number], setting: Captured[number] | undefined) => {
    if (!setting) return query(vectors);
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query(setting.query, setting.params);
      await client.query(vectors.query, vectors.params);
      await client.query('commit');
    } catch (err) {
      await client.query('rollback').catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  };
  const run = async (r: Captured) => {
    const words = r.find((c) => kindOf(c.query) === 'words');
    const vectors = r.find((c) => kindOf(c.query) === 'vectors');
    const setting = r.find((c) => kindOf(c.query) === 'setting');
    const rest = r.filter((c) => c !== words && c !== vectors && c !== setting);
    await Promise.all([words && query(words), vectors && vectorsOf(vectors, setting)]);
    for (const c of rest) await query(c);
  };
  try {
    for (const r of recalls.slice(0, 20)) await run(r);
    const times: number[] = [];
    for (const r of recalls) {
      const t = performance.now();
      await run(r);
      times.push(performance.now() - t);
    }
    const alone: Record<string, number[]> = { words: [], vectors: [], passages: [], setting: [] };
    for (const r of recalls) {
      const setting = r.find((c) => kindOf(c.query) === 'setting');
      for (const c of r.filter((c) => c !== setting)) {
        const t = performance.now();
        await (kindOf(c.query) === 'vectors' ? vectorsOf(c, setting) : query(c));
        alone[kindOf(c.query)]!.push(performance.now() - t);
      }
    }
    return { all: percentiles(times), words: percentiles(alone.words!), vectors: percentiles(alone.vectors!) };
  } finally {
    await pool.end();
  }
}

/** BENCH_EXPLAIN=1: the plans of one recall's statements, run again under EXPLAIN (ANALYZE, BUFFERS), printed. */
async function explain(url: string, statements: Captured): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // In one transaction, so that pgvector's settings hold for the ranking after it, as in the app.
    await client.query('begin');
    for (const c of statements) {
      if (kindOf(c.query) === 'setting') {
        await client.query(c.query, c.params);
        continue;
      }
      const res = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${c.query}`, c.params);
      console.log(`  EXPLAIN ${kindOf(c.query)}:\n${res.rows.map((r) => `    ${r['QUERY PLAN']}`).join('\n')}`);
    }
    await client.query('commit');
  } finally {
    await client.end();
  }
}
