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

const kindOf = (query: string) => (query.includes('ts_rank') ? 'words' : query.includes('e.vector') ? 'vectors' : 'passages');

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
  const out: Captured = [];
  const session = (database.db as unknown as { session: { logger: { logQuery(q: string, p: unknown[]): void } } }).session;
  const original = session.logger;
  session.logger = { logQuery: (query: string, params: unknown[]) => out.push({ query, params }) };
  try {
    await work();
  } finally {
    session.logger = original;
  }
  return out;
}

/**
 * The captured statements again through a plain node-postgres pool, recall by recall: the words and the vectors
 * statements side by side, then the passages' one (when the service sent one). Rows are fetched (the vectors' bytes
 * too) but nothing is decoded or scored.
 */
async function replay(url: string, recalls: Captured[]): Promise<Raw> {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const run = async (r: Captured) => {
    const words = r.find((c) => kindOf(c.query) === 'words');
    const vectors = r.find((c) => kindOf(c.query) === 'vectors');
    const rest = r.filter((c) => c !== words && c !== vectors);
    await Promise.all([words, vectors].filter((c) => c !== undefined).map((c) => pool.query(c.query, c.params)));
    for (const c of rest) await pool.query(c.query, c.params);
  };
  try {
    for (const r of recalls.slice(0, 20)) await run(r);
    const times: number[] = [];
    for (const r of recalls) {
      const t = performance.now();
      await run(r);
      times.push(performance.now() - t);
    }
    const alone: Record<string, number[]> = { words: [], vectors: [], passages: [] };
    for (const c of recalls.flat()) {
      const t = performance.now();
      await pool.query(c.query, c.params);
      alone[kindOf(c.query)]!.push(performance.now() - t);
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
    for (const c of statements) {
      const res = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${c.query}`, c.params);
      console.log(`  EXPLAIN ${kindOf(c.query)}:\n${res.rows.map((r) => `    ${r['QUERY PLAN']}`).join('\n')}`);
    }
  } finally {
    await client.end();
  }
}
