// bench:memory's indexing (bench/memory.ts): how many messages a second the app's MemoryIndexer embeds and writes
// (one conversation of plain messages, no vectors yet), and whether the `memory-index` queue (in-process, the
// default without REDIS_URL; one job at a time, as jobs.ts runs it) drains while simulated users keep chatting.
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client.ts';
import { MemoryJobQueue } from '../apps/server/src/lib/jobs/index.ts';
import type { Embedder } from '../apps/server/src/providers/embeddings/index.ts';
import { MemoryIndexer, type IndexJob } from '../apps/server/src/modules/memory/indexer.service.ts';
import { freshConversation, memoryUow, prng, rowsOf, sentence, type Seeded, vectorIndexOf } from './memory-seed.ts';

const quiet = { warn: () => {}, error: () => {} };

export interface Throughput {
  messages: number;
  seconds: number;
  perSecond: number;
}

/** Embeds a new conversation of `n` messages with the indexer (as one `memory-index` job would). */
export async function benchThroughput(database: Database, s: Seeded, embedder: Embedder, n: number): Promise<Throughput> {
  const conversationId = await freshConversation(database, s, n);
  const queue = new MemoryJobQueue<IndexJob, unknown>('memory-index');
  const indexer = new MemoryIndexer({ uow: memoryUow(database), embedder, vectorIndex: await vectorIndexOf(database), queue, log: quiet });
  const t = performance.now();
  const messages = await indexer.indexConversation(conversationId);
  const seconds = (performance.now() - t) / 1000;
  await queue.close();
  if (messages !== n) throw new Error(`the indexer embedded ${messages} of ${n} messages`);
  return { messages, seconds, perSecond: messages / seconds };
}

export interface Drain {
  users: number;
  seconds: number;
  added: number;
  /** Jobs waiting or running, sampled every second while users chat. */
  depth: number[];
  maxDepth: number;
  /** From the last message added to the queue empty; undefined when it did not drain within the wait. */
  drainMs: number | undefined;
  embedded: number;
  failed: number;
}

/** `users` new users, one conversation each; the conversations' ids. */
async function chatters(database: Database, s: Seeded, users: number, tag: string): Promise<string[]> {
  await database.db.execute(
    sql.raw(`insert into users (username, email, password_hash, email_verified_at)
      select 'bench_chat_${tag}_' || g, 'bench_chat_${tag}_' || g || '@bench.invalid', u.password_hash, now()
      from generate_series(1, ${users}) g, users u where u.id = '${s.userId}'`),
  );
  const res = await database.db.execute(
    sql.raw(`insert into conversations (user_id, character_id)
      select u.id, '${s.characterId}' from users u where u.username like 'bench\\_chat\\_${tag}\\_%' returning id`),
  );
  return rowsOf<{ id: string }>(res).map((r) => r.id);
}

/**
 * `users` users each save a message every second for `seconds` s (spread over the second), and each saved message
 * queues its conversation as the chat does; the indexer works the queue meanwhile. Depth is sampled every second.
 */
export async function benchDrain(
  database: Database,
  s: Seeded,
  embedder: Embedder,
  o: { users: number; seconds: number; tag: string; maxWaitMs?: number },
): Promise<Drain> {
  const conversations = await chatters(database, s, o.users, o.tag);
  const queue = new MemoryJobQueue<IndexJob, unknown>('memory-index');
  const indexer = new MemoryIndexer({ uow: memoryUow(database), embedder, vectorIndex: await vectorIndexOf(database), queue, log: quiet });
  let added = 0;
  let finished = 0;
  let embedded = 0;
  let failed = 0;
  let lastAt = 0;
  let doneAt = 0;
  const done = () => {
    finished += 1;
    if (finished === added) doneAt = performance.now();
  };
  queue.on('completed', (e) => ((embedded += Number(e.returnValue) || 0), done()));
  queue.on('failed', () => ((failed += 1), done()));
  indexer.start();
  const rand = prng(7);
  const say = async (conversationId: string) => {
    await database.db.execute(sql`insert into chat_messages (conversation_id, role, content, swipes)
      values (${conversationId}, 'user', ${sentence(rand, 6 + Math.floor(rand() * 10))}, '{}'::text[])`);
    added += 1;
    lastAt = performance.now();
    indexer.enqueue(conversationId);
  };
  const started = performance.now();
  const saying: Promise<void>[] = [];
  const timers = conversations.map((id, i) =>
    setTimeout(
      () => {
        let n = 0;
        const tick = () => {
          if (++n > o.seconds) return clearInterval(every);
          saying.push(say(id));
        };
        const every = setInterval(tick, 1000);
        tick();
      },
      (i * 1000) / o.users,
    ),
  );
  const depth: number[] = [];
  for (let second = 1; second <= o.seconds; second++) {
    await new Promise((r) => setTimeout(r, started + second * 1000 - performance.now()));
    depth.push(added - finished);
  }
  await new Promise((r) => setTimeout(r, 1000));
  await Promise.all(saying);
  const deadline = performance.now() + (o.maxWaitMs ?? 120_000);
  while (finished < added && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  const drainMs = finished >= added ? Math.max(0, doneAt - lastAt) : undefined;
  timers.forEach(clearTimeout);
  await indexer.stop();
  await queue.close();
  return { users: o.users, seconds: o.seconds, added, depth, maxDepth: Math.max(...depth), drainMs, embedded, failed };
}
