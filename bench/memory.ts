// `npm run bench:memory`: memory that recalls (issue 41, docs/memory.md), measured. For one user with
// BENCH_CONVERSATIONS conversations and BENCH_MESSAGES messages (10 group chats among them), every message with a
// vector of the test hash embedder (written straight into chat_message_embeddings), on each database of BENCH_DBS:
//   1. recall latency for one reply in a BENCH_BIG-message conversation (words + meaning, fused, the passages read,
//      the newest 40 messages excluded): p50/p95/p99 over BENCH_RECALLS recalls of varied queries, target p95 ≤ 30 ms,
//      beside the raw baseline (the same statements, node-postgres, no app code; see bench/memory-recall.ts);
//   2. indexing: messages a second through the app's MemoryIndexer with the hash embedder and with the real
//      `llama-server --embeddings --pooling mean` on the tiny self-made GGUF (skipped with the reason when the binary
//      is missing), and whether the `memory-index` queue drains while BENCH_DRAIN_USERS users each save a message
//      every second for BENCH_DRAIN_SECONDS s;
// and once (on the first database):
//   3. recall quality: recall@5 of 50 planted facts asked about in other words, for words only, for the hash embedder
//      and for real embedding models (bench/memory-real-models.ts): Universal Sentence Encoder lite always,
//      EMBEDDING_MODEL_PATH (a GGUF, node-llama-cpp in process) and BENCH_EMBEDDING_URL when set.
//
//   BENCH_DBS=embedded,postgres (also pglite, without the raw baseline: it is not reached through node-postgres)  BENCH_CONVERSATIONS=200  BENCH_MESSAGES=100000  BENCH_BIG=10000
//   BENCH_RECALLS=200  BENCH_INDEX_MESSAGES=5000  BENCH_INDEX_LLAMA_MESSAGES=1000  BENCH_DRAIN_USERS=50
//   BENCH_DRAIN_SECONDS=30  BENCH_QUALITY_FILLER=2000  EMBEDDING_MODEL_PATH  BENCH_EMBEDDING_URL  BENCH_USE=1
//   BENCH_EXPLAIN=1 (prints EXPLAIN (ANALYZE, BUFFERS) of one recall's statements on each node-postgres database)
//   BENCH_PG=postgres://postgres@127.0.0.1:5432/test (a throwaway database is created beside it and dropped)
// A small run: BENCH_MESSAGES=3000 BENCH_BIG=1000 BENCH_CONVERSATIONS=20 BENCH_RECALLS=50 BENCH_INDEX_MESSAGES=300
//   BENCH_INDEX_LLAMA_MESSAGES=100 BENCH_DRAIN_USERS=5 BENCH_DRAIN_SECONDS=3 BENCH_QUALITY_FILLER=300
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from '../apps/server/src/db/client.ts';
import { openEmbedded } from '../apps/server/src/db/embedded/open.ts';
import { OffEmbedder, OpenAiEmbedder, type Embedder } from '../apps/server/src/providers/embeddings/index.ts';
import { HashEmbedder } from '../apps/server/test/hash-embedder.ts';
import type { JobQueue } from '../apps/server/src/lib/jobs/index.ts';
import { MemoryIndexer, type IndexJob } from '../apps/server/src/modules/memory/indexer.service.ts';
import { llamaServerBinary, llamaServerSkipReason, startLlamaServer, type LlamaServer } from '../apps/server/test/llama-server.ts';
import { tinyModelPath } from '../apps/server/test/tiny-model.ts';
import { benchDrain, benchThroughput, type Drain, type Throughput } from './memory-index.ts';
import { benchQuality, type Quality } from './memory-quality.ts';
import { benchRecall, type RecallResult } from './memory-recall.ts';
import { memoryUow, seed, vectorIndexOf } from './memory-seed.ts';
import { startRealModels } from './memory-real-models.ts';
import { printReport, type DbReport } from './memory-report.ts';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const DBS = (process.env.BENCH_DBS ?? 'embedded,postgres').split(',').filter(Boolean);
const BASE_PG = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432/test';
const SCALE = {
  conversations: env('BENCH_CONVERSATIONS', 200),
  messages: env('BENCH_MESSAGES', 100_000),
  big: env('BENCH_BIG', 10_000),
  groups: Math.min(10, Math.floor(env('BENCH_CONVERSATIONS', 200) / 10)),
};
const RECALLS = env('BENCH_RECALLS', 200);
const INDEX_MESSAGES = env('BENCH_INDEX_MESSAGES', 5_000);
const INDEX_LLAMA_MESSAGES = env('BENCH_INDEX_LLAMA_MESSAGES', 1_000);
const DRAIN = { users: env('BENCH_DRAIN_USERS', 50), seconds: env('BENCH_DRAIN_SECONDS', 30) };
const QUALITY_FILLER = env('BENCH_QUALITY_FILLER', 2_000);

const quietLog = { info: () => {}, warn: () => {}, error: () => {} };

/** The database of `kind` and, for node-postgres, its URL (the raw baseline's). */
async function open(kind: string, dataDir: string): Promise<{ database: Database; url?: string; drop?: () => Promise<void> }> {
  if (kind === 'pglite') return { database: await openDatabase({ kind: 'pglite-disk', dir: path.join(dataDir, 'db') }) };
  if (kind === 'embedded') {
    let url: string | undefined;
    const database = await openEmbedded(
      { kind: 'embedded', dataDir, pgliteDir: path.join(dataDir, 'pglite') },
      (c) => {
        if (c.kind === 'postgres') url = c.url;
        return openDatabase(c);
      },
      quietLog,
    );
    return { database, url };
  }
  const name = `bench_memory_${process.pid}`;
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: BASE_PG });
    await c.connect();
    await c.query(q);
    await c.end();
  };
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const url = new URL(BASE_PG);
  url.pathname = `/${name}`;
  return {
    database: await openDatabase({ kind: 'postgres', url: url.toString() }),
    url: url.toString(),
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}

interface Llama {
  server?: LlamaServer;
  embedder?: Embedder;
  skipped?: string;
}

async function startLlama(): Promise<Llama> {
  if (!llamaServerBinary) return { skipped: llamaServerSkipReason };
  try {
    const server = await startLlamaServer(tinyModelPath(1), ['--embeddings', '--pooling', 'mean', '-c', '512', '--alias', 'tiny']);
    return { server, embedder: new OpenAiEmbedder({ baseUrl: `${server.baseUrl}/v1`, model: 'tiny-gguf' }) };
  } catch (err) {
    return { skipped: `llama-server did not start: ${(err as Error).message.split('\n')[0]}` };
  }
}

/** Where the database has pgvector: the seeded vectors copied into its column and the HNSW index built (timed). */
async function copyToPgvector(database: Database): Promise<void> {
  const vectorIndex = await vectorIndexOf(database);
  if (!vectorIndex.enabled) return console.log(`  vectors ranked in the process (${(await vectorIndex.health()).detail})`);
  const queue = {} as JobQueue<IndexJob, unknown>;
  const log = { warn: () => {}, error: () => {} };
  const indexer = new MemoryIndexer({ uow: memoryUow(database), embedder: new HashEmbedder(), vectorIndex, queue, log });
  const t = performance.now();
  let copied = 0;
  for (let n = await indexer.copyToPgvector(); n > 0; n = await indexer.copyToPgvector()) copied += n;
  const built = performance.now();
  // Every row was updated once (100,000 dead versions): vacuumed now, as the seed's tables are, so that autovacuum's
  // pass over the table and its HNSW graph cannot run beside the recalls measured next.
  await database.db.execute(sql.raw('vacuum analyze chat_message_embeddings'));
  console.log(
    `  pgvector: ${copied.toLocaleString('en')} vectors copied and the HNSW index built in ${((built - t) / 1000).toFixed(1)} s, ` +
      `vacuumed in ${((performance.now() - built) / 1000).toFixed(1)} s`,
  );
}

async function run(kind: string, llama: Llama, first: boolean): Promise<{ report: DbReport; quality?: Quality[]; realNotes?: string[] }> {
  console.log(`${kind}: seeding ${SCALE.conversations} conversations, ${SCALE.messages.toLocaleString('en')} messages`);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'reverie-bench-memory-'));
  const opened = await open(kind, dataDir);
  try {
    const s = await seed(opened.database, SCALE, console.log);
    await copyToPgvector(opened.database);
    const recall: RecallResult = await benchRecall(opened.database, s, RECALLS, opened.url);
    console.log(`  recall: p50 ${recall.app.p50.toFixed(1)} ms, p95 ${recall.app.p95.toFixed(1)} ms`);
    const throughput: { name: string; t?: Throughput; skipped?: string }[] = [
      { name: 'hash embedder (test:hash, 256 dims)', t: await benchThroughput(opened.database, s, new HashEmbedder(), INDEX_MESSAGES) },
      llama.embedder
        ? {
            name: 'tiny GGUF via llama-server --embeddings',
            t: await benchThroughput(opened.database, s, llama.embedder, INDEX_LLAMA_MESSAGES),
          }
        : { name: 'tiny GGUF via llama-server --embeddings', skipped: llama.skipped },
    ];
    console.log(`  indexing measured`);
    const drains: { name: string; d?: Drain; skipped?: string }[] = [
      { name: 'hash embedder', d: await benchDrain(opened.database, s, new HashEmbedder(), { ...DRAIN, tag: 'hash' }) },
      llama.embedder
        ? { name: 'tiny GGUF via llama-server', d: await benchDrain(opened.database, s, llama.embedder, { ...DRAIN, tag: 'llama' }) }
        : { name: 'tiny GGUF via llama-server', skipped: llama.skipped },
    ];
    console.log(`  queue drain measured`);
    if (!first) return { report: { db: kind, recall, throughput, drains } };
    const real = await startRealModels();
    try {
      const quality = await benchQuality(opened.database, s, QUALITY_FILLER, [new OffEmbedder(), new HashEmbedder(), ...real.embedders]);
      return { report: { db: kind, recall, throughput, drains }, quality, realNotes: real.notes };
    } finally {
      await real.close();
    }
  } finally {
    await opened.database.close();
    await rm(dataDir, { recursive: true, force: true });
    await opened.drop?.();
  }
}

const started = Date.now();
const load1 = () => os.loadavg()[0]!.toFixed(1);
const loadAtStart = load1();
const llama = await startLlama();
const reports: DbReport[] = [];
let quality: Quality[] = [];
let realNotes: string[] = [];
try {
  for (const [i, kind] of DBS.entries()) {
    const r = await run(kind, llama, i === 0);
    reports.push(r.report);
    if (r.quality) [quality, realNotes] = [r.quality, r.realNotes ?? []];
  }
} finally {
  await llama.server?.stop();
}
printReport({
  reports,
  quality,
  realNotes,
  header:
    `Memory bench: node ${process.version}, ${os.cpus().length} cores, load average ${loadAtStart} at start and ${load1()} at the end; ` +
    `${SCALE.conversations} conversations (${SCALE.groups} group chats), ${SCALE.messages.toLocaleString('en')} messages, ` +
    `recall in a ${SCALE.big.toLocaleString('en')}-message conversation, ${RECALLS} recalls after 20 warm-up`,
});
console.log(`done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
process.exit(0);
