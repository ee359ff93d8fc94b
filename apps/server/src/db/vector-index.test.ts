// pgvector where the database has it (db/vector-index.ts, issue 41): detected at start and said in /api/health; each
// vector copied into `embedding` as it is indexed, with an HNSW index for its size; the database's ranking is the exact
// cosine ranking the process would make, bounded to one conversation and one model, never what is excluded; vectors
// written before pgvector (not copied yet) make recall rank in the process until the backfill has copied them.
// PGlite loads pgvector (0.8), so the test tier runs it for real; on a PostgreSQL without it, the start says so and
// recall ranks in the process (the rest of the memory tests run on that path there).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCharacter, buildUser, type BuiltUser } from '../../test/factories.ts';
import { HashEmbedder } from '../../test/hash-embedder.ts';
import { catalogFile, createTestApp, type TestApp } from '../../test/helpers.ts';
import { startOpenAiPeer, type OpenAiPeer } from '../../test/openai-peer.ts';
import type { JobQueue } from '../lib/jobs/index.ts';
import { IndexProgress } from '../modules/memory/index-progress.ts';
import { MemoryIndexer, type IndexJob } from '../modules/memory/indexer.service.ts';
import { bytesToVector, dot } from '../modules/memory/vector.ts';
import type { Database } from './client.ts';
import { openVectorIndex } from './vector-index.ts';

const MODEL = 'test:hash';
const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

async function hasPgvector(t: TestApp): Promise<boolean> {
  const res = await t.deps.database.db.execute(sql`select 1 from pg_available_extensions where name = 'vector'`);
  return rowsOf(res).length > 0;
}

describe('recall with pgvector in the database', () => {
  let t: TestApp;
  let peer: OpenAiPeer;
  let alice: BuiltUser;
  let conversationId: string;
  const embedder = new HashEmbedder();

  beforeAll(async () => {
    peer = await startOpenAiPeer();
    const file = await catalogFile('pgvector', { chatMessage: 0, dailyFreeMessages: 10_000, plans: 'free' });
    const env = {
      LLM_PROVIDER: 'openai',
      LLM_BASE_URL: peer.baseUrl,
      LLM_MODEL: 'peer-model',
      LLM_RETRIES: '0',
      BILLING_CATALOG_FILE: file,
      // pgvector with its HNSW indexes on PGlite too (`auto` uses it on PostgreSQL only: a test below checks that).
      VECTOR_INDEX: 'hnsw',
    };
    t = await createTestApp(env, undefined, { embedder });
    alice = await buildUser(t);
    const characterId = (await buildCharacter(t, alice, { name: 'Lena', visibility: 'public' })).id;
    peer.behave({ kind: 'reply', parts: ['I see.'] });
    const lines = ['My cat Miso adores tuna.', 'The lighthouse stands on the north cliff.', 'We baked bread with rosemary.'];
    for (const content of [...lines, 'Rain again over the harbour.', 'The cat sleeps by the fire.']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/chat/${characterId}/message`,
        headers: alice.auth,
        payload: { content, ...(conversationId ? { conversationId } : {}) },
      });
      expect(res.statusCode, res.body).toBe(200);
      conversationId ??= res.json().reply.conversationId as string;
    }
    const memory = t.deps.uow.repos.memory;
    const deadline = Date.now() + 15_000;
    while ((await memory.staleMessages(conversationId, MODEL, 1)).length > 0 || (await memory.indexedCount(conversationId, MODEL)) < 10) {
      if (Date.now() > deadline) throw new Error('the conversation was not indexed');
      await new Promise((r) => setTimeout(r, 50));
    }
  }, 90_000);
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });

  it('is detected at start and said in the health check', async () => {
    // On PGlite the extension is loaded (db/client.ts) and created by the start; on PostgreSQL, if it is installed.
    const available = await hasPgvector(t);
    expect(t.deps.vectorIndex.enabled).toBe(available);
    if (t.deps.database.driver === 'pglite') expect(available).toBe(true);
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const health = JSON.stringify(res.json());
    expect(health).toContain(available ? 'pgvector' : 'in-process');
  });

  it('copies every indexed vector into pgvector and builds the HNSW index for its size', async ({ skip }) => {
    if (!t.deps.vectorIndex.enabled) skip();
    const db = t.deps.database.db;
    // The indexer builds it right after the vectors are written: this waits for that build (one per size and process).
    await t.deps.vectorIndex.ensureIndex(embedder.dims);
    const counts = rowsOf<{ total: number; copied: number }>(
      await db.execute(sql`select count(*)::int as total, count(embedding)::int as copied
        from chat_message_embeddings where conversation_id = ${conversationId}`),
    )[0]!;
    expect(counts.copied).toBe(counts.total);
    const index = rowsOf<{ def: string }>(
      await db.execute(sql`select indexdef as def from pg_indexes where indexname = ${`chat_message_embeddings_hnsw_${embedder.dims}`}`),
    );
    expect(index[0]?.def).toMatch(/USING hnsw .*vector_cosine_ops.*WHERE.*dimensions = 256/s);
  });

  it("ranks like the process's exact cosine, within the conversation and model, never what is excluded", async ({ skip }) => {
    if (!t.deps.vectorIndex.enabled) skip();
    const { memory, memoryVectors } = t.deps.uow.repos;
    const [query] = (await embedder.embed(['what does the cat like to eat'])) as [Float32Array];
    const all = await memory.nearVectors({
      ...{ conversationId, model: MODEL, dimensions: embedder.dims, excluded: [] },
      masks: { same: '0'.repeat(512), opposite: '0'.repeat(512) },
      limit: 1_000,
    });
    const exact = all
      .map((r) => ({ id: r.id, similarity: dot(query, bytesToVector(r.vector)) }))
      .sort((a, b) => b.similarity - a.similarity);
    const found = await memoryVectors.nearest({
      conversationId,
      model: MODEL,
      query,
      excluded: [],
      limit: 3,
      iterative: t.deps.vectorIndex.iterative,
    });
    expect(found.unconverted).toBe(false);
    const rows = found.unconverted ? [] : found.rows;
    expect(rows.map((r) => r.id)).toEqual(exact.slice(0, 3).map((r) => r.id));
    for (const [i, r] of rows.entries()) expect(r.similarity).toBeCloseTo(exact[i]!.similarity, 5);
    // Excluded (the context window) never comes back; another model's vectors never meet this one's.
    const without = await memoryVectors.nearest({
      conversationId,
      model: MODEL,
      query,
      excluded: [exact[0]!.id],
      limit: 3,
      iterative: true,
    });
    expect(without.unconverted ? [] : without.rows.map((r) => r.id)).not.toContain(exact[0]!.id);
    const other = await memoryVectors.nearest({ conversationId, model: 'another-model', query, excluded: [], limit: 3, iterative: true });
    expect(other).toEqual({ unconverted: false, rows: [] });
  });

  it('ranks in the process while a vector is not copied yet, and the backfill copies it', async ({ skip }) => {
    if (!t.deps.vectorIndex.enabled) skip();
    const db = t.deps.database.db;
    await db.execute(sql`update chat_message_embeddings set embedding = null where conversation_id = ${conversationId}`);
    const [query] = (await embedder.embed(['cat'])) as [Float32Array];
    const args = { conversationId, model: MODEL, query, excluded: [], limit: 3, iterative: true };
    expect(await t.deps.uow.repos.memoryVectors.nearest(args)).toEqual({ unconverted: true });
    // The health report's line of the index says what waits for the copy.
    const progress = () => new IndexProgress({ uow: t.deps.uow, embedder, vectorIndex: t.deps.vectorIndex }).health();
    expect((await progress()).detail).toMatch(
      /^Every message \(\d+\) has a vector of test:hash\. \d+ vectors wait to be copied into pgvector/,
    );
    // Recall still answers by meaning meanwhile (the shortlist by signs, ranked here).
    const recall = t.modules.memory.services.recall;
    const recalled = await recall.recall({
      conversationId,
      text: 'cat',
      excluded: [],
      limit: 3,
      tokenBudget: 500,
      countTokens: (s) => s.length / 4,
    });
    expect(recalled.some((p) => /cat/i.test(p.content))).toBe(true);
    const copied = await t.modules.memory.services.indexer.copyToPgvector();
    expect(copied).toBeGreaterThanOrEqual(10);
    const after = await t.deps.uow.repos.memoryVectors.nearest(args);
    expect(after.unconverted).toBe(false);
    expect((await progress()).detail).toMatch(/^Every message \(\d+\) has a vector of test:hash\.$/);
  });

  it('takes a new model of another size: its vectors replace the old in pgvector, with an index of their own', async ({ skip }) => {
    if (!t.deps.vectorIndex.enabled) skip();
    const small = new HashEmbedder(128, 'test:small');
    const queue = {} as JobQueue<IndexJob, unknown>;
    const log = { warn: () => {}, error: () => {} };
    const indexer = new MemoryIndexer({ uow: t.deps.uow, embedder: small, vectorIndex: t.deps.vectorIndex, queue, log });
    expect(await indexer.indexConversation(conversationId)).toBeGreaterThanOrEqual(10);
    const [query] = (await small.embed(['the cat'])) as [Float32Array];
    const found = await t.deps.uow.repos.memoryVectors.nearest({
      conversationId,
      model: 'test:small',
      query,
      excluded: [],
      limit: 2,
      iterative: true,
    });
    expect(found.unconverted ? [] : found.rows).toHaveLength(2);
    const index = await t.deps.database.db.execute(sql`select 1 from pg_indexes where indexname = 'chat_message_embeddings_hnsw_128'`);
    expect(rowsOf(index)).toHaveLength(1);
    // And back: the first size's index exists, so a row holding the other size's vector would fail its update.
    const back = new MemoryIndexer({ uow: t.deps.uow, embedder, vectorIndex: t.deps.vectorIndex, queue, log });
    expect(await back.indexConversation(conversationId)).toBeGreaterThanOrEqual(10);
    const [again] = (await embedder.embed(['the cat'])) as [Float32Array];
    const now = await t.deps.uow.repos.memoryVectors.nearest({
      conversationId,
      model: MODEL,
      query: again,
      excluded: [],
      limit: 2,
      iterative: true,
    });
    expect(now.unconverted ? [] : now.rows).toHaveLength(2);
  });

  it('leaves PGlite to the in-process ranking by default, and stays in the process with VECTOR_INDEX=off', async () => {
    const auto = await createTestApp();
    try {
      if (auto.deps.database.driver === 'pglite') {
        expect(auto.deps.vectorIndex.enabled).toBe(false);
        expect((await auto.deps.vectorIndex.health()).detail).toContain('PGlite: recall ranks a shortlist in the process');
        const column = await auto.deps.database.db.execute(
          sql`select 1 from information_schema.columns where table_name = 'chat_message_embeddings' and column_name = 'embedding'`,
        );
        expect(rowsOf(column)).toHaveLength(0);
      }
    } finally {
      await auto.close();
    }
    const off = await createTestApp({ VECTOR_INDEX: 'off' });
    try {
      expect(off.deps.vectorIndex.enabled).toBe(false);
      expect(await off.deps.vectorIndex.health()).toEqual({
        status: 'ok',
        detail: 'VECTOR_INDEX=off: recall ranks a shortlist in the process',
      });
    } finally {
      await off.close();
    }
  });

  it('starts without it, and says why, when the database offers pgvector but refuses to create it', async () => {
    // A role without the right to create the extension (what cannot be set up on PGlite, where the test is the owner).
    const warnings: string[] = [];
    const refusing = {
      driver: 'postgres',
      exclusive: <T>(fn: () => Promise<T>) => fn(),
      db: {
        execute: async (q: { queryChunks?: unknown[] }) => {
          const text = JSON.stringify(q.queryChunks ?? q);
          if (text.includes('create extension')) throw new Error('permission denied to create extension "vector"');
          return { rows: text.includes('pg_available_extensions') ? [{ '?column?': 1 }] : [] };
        },
      },
    } as unknown as Pick<Database, 'db' | 'exclusive' | 'driver'>;
    const index = await openVectorIndex(refusing, { mode: 'auto', log: { info: () => {}, warn: (m) => warnings.push(m) } });
    expect(index.enabled).toBe(false);
    expect((await index.health()).detail).toContain('permission denied to create extension "vector"');
    expect(warnings.join('\n')).toContain('recall ranks a shortlist in the process');
  });
});
