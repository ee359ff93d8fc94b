// bench:memory's data (bench/memory.ts): one user's conversations and messages written straight through the app's
// database client, group chats among them, and every message's vector from the test hash embedder written into
// chat_message_embeddings through the app's MemoryRepo (as the indexer would, without the queue).
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client.ts';
import { createUnitOfWork, type UnitOfWork } from '../apps/server/src/db/unit-of-work.ts';
import { hashPassword } from '../apps/server/src/modules/auth/passwords.ts';
import { MemoryRepo } from '../apps/server/src/modules/memory/memory.repo.ts';
import { MemoryVectorsRepo } from '../apps/server/src/modules/memory/memory-vectors.repo.ts';
import { openVectorIndex, type VectorIndex, type VectorIndexMode } from '../apps/server/src/db/vector-index.ts';
import { signsOf, vectorToBytes } from '../apps/server/src/modules/memory/vector.ts';
import { HashEmbedder } from '../apps/server/test/hash-embedder.ts';

export const VOCABULARY = `
lantern harbour rain tea letter dragon castle forest river mountain window candle whisper shadow garden storm ocean
bridge tower market library mirror secret promise journey winter summer morning evening midnight silver golden
velvet crimson amber ivory copper marble glass stone iron feather ribbon thread needle map compass anchor sail ship
captain sailor island shore wave tide moon star comet planet sky cloud thunder wolf raven fox owl horse deer bear
falcon sparrow moth rose lily thorn ivy moss fern oak willow pine cedar birch apple honey bread wine cheese salt
pepper spice sugar soup stew pie cake orchard vineyard meadow valley canyon desert glacier volcano cave tunnel gate
door key lock chest coin crown sword shield bow arrow cloak boot glove necklace scroll page ink quill poem song dance
drum flute violin harp bell clock hour minute dream nightmare laughter tears smile voice stranger friend rival mentor
student healer thief knight queen king prince witch wizard ghost spirit angel giant dwarf goblin troll fairy train
station ticket platform carriage engine whistle smoke steam fire ember ash dust sand snow ice frost fog mist dawn dusk`
  .trim()
  .split(/\s+/);

export type MemoryRepos = { memory: MemoryRepo; memoryVectors: MemoryVectorsRepo };

export const memoryUow = (database: Database): UnitOfWork<MemoryRepos> =>
  createUnitOfWork(database.db, (d) => ({ memory: new MemoryRepo(d), memoryVectors: new MemoryVectorsRepo(d) }));

const vectorIndexes = new WeakMap<Database, Promise<VectorIndex>>();
/** pgvector where the database has it (db/vector-index.ts), detected once per database as the app's start does. */
export function vectorIndexOf(database: Database): Promise<VectorIndex> {
  let found = vectorIndexes.get(database);
  if (!found)
    vectorIndexes.set(
      database,
      (found = openVectorIndex(database, {
        mode: (process.env.BENCH_VECTOR_INDEX ?? 'auto') as VectorIndexMode,
        log: { info: () => {}, warn: console.warn },
      })),
    );
  return found;
}

export const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

/** A small seeded PRNG (mulberry32): the same queries and filler in every run. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Scale {
  conversations: number;
  messages: number;
  /** Messages of the one conversation recall is measured in. */
  big: number;
  groups: number;
}

export interface Seeded {
  userId: string;
  characterId: string;
  bigConversationId: string;
}

const exec = (database: Database, q: string) => database.db.execute(sql.raw(q));

/** Users, characters, conversations (some of them group chats) and their messages. */
export async function seed(database: Database, scale: Scale, log: (s: string) => void): Promise<Seeded> {
  const x = (q: string) => exec(database, q);
  const t0 = Date.now();
  const hash = await hashPassword('bench-password-1');
  await x(`select setseed(0.41)`);
  await x(`insert into users (username, email, password_hash, email_verified_at)
    values ('bench_recaller', 'bench_recaller@bench.invalid', '${hash}', now()), ('bench_maker', 'bench_maker@bench.invalid', '${hash}', now())`);
  await x(`insert into characters (creator_id, name, tagline, visibility)
    select u.id, 'Character ' || g, 'Bench character ' || g, 'public' from generate_series(1, 20) g, users u where u.username = 'bench_maker'`);
  await x(`insert into conversations (user_id, character_id)
    select u.id, c.id from users u, (select id, row_number() over (order by name) k from characters) c, generate_series(1, ${scale.conversations}) g
    where u.username = 'bench_recaller' and c.k = 1 + g % 20`);
  const [ids] = rowsOf<Seeded>(
    await x(`select u.id as "userId", c.character_id as "characterId", c.id as "bigConversationId"
      from conversations c join users u on u.id = c.user_id where u.username = 'bench_recaller' order by c.id limit 1`),
  );
  const gin = rowsOf<{ indexname: string; indexdef: string }>(
    await x(`select indexname, indexdef from pg_indexes where tablename = 'chat_messages' and indexdef like '%USING gin%'`),
  );
  for (const i of gin) await x(`drop index ${i.indexname}`);
  await x(`alter table chat_messages disable trigger chat_messages_search_words_ins`);
  const vocab = `(ARRAY[${VOCABULARY.map((w) => `'${w}'`).join(',')}]::text[])`;
  const fill = (where: string, per: number) =>
    x(`insert into chat_messages (conversation_id, role, content, swipes, created_at)
      select c.id, case when g % 2 = 1 then 'user' else 'assistant' end, t.t, case when g % 2 = 1 then '{}'::text[] else array[t.t] end,
        now() - (${per} - g) * interval '1 minute'
      from conversations c cross join generate_series(1, ${per}) g
      cross join lateral (select initcap(string_agg(${vocab}[1 + floor(random() * ${VOCABULARY.length})::int], ' ')) || '.' as t
        from generate_series(1, 6 + g % 11)) t
      where ${where}`);
  await fill(`c.id = '${ids!.bigConversationId}'`, scale.big);
  const rest = Math.floor((scale.messages - scale.big) / Math.max(1, scale.conversations - 1));
  if (rest > 0) await fill(`c.user_id = '${ids!.userId}' and c.id <> '${ids!.bigConversationId}'`, rest);
  await groups(database, ids!.userId, scale.groups);
  log(`  messages inserted (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  for (const i of gin) await x(i.indexdef);
  await x(`alter table chat_messages enable trigger chat_messages_search_words_ins`);
  await x(`update conversations c set message_count = (select count(*) from chat_messages m where m.conversation_id = c.id)`);
  await fillVectors(database, ids!.userId);
  await x(`vacuum analyze chat_messages`);
  await x(`vacuum analyze chat_message_embeddings`);
  await x(`analyze conversations`);
  log(`  vectors written, indexes built, analyzed (${((Date.now() - t0) / 1000).toFixed(0)} s in all)`);
  return ids!;
}

/** The last `n` conversations become group chats of 4 members, each reply under one of them (as modules/groups). */
async function groups(database: Database, userId: string, n: number) {
  if (n <= 0) return;
  await exec(
    database,
    `with picked as (
        select c.id from conversations c where c.user_id = '${userId}' order by c.id desc limit ${n}
      ), flagged as (
        update conversations c set is_group = true from picked p where c.id = p.id returning c.id, c.user_id, c.character_id
      ), made as (
        insert into chat_groups (user_id, name, conversation_id)
        select f.user_id, 'Group ' || row_number() over (order by f.id), f.id from flagged f returning id, conversation_id
      )
      insert into chat_group_members (group_id, character_id, position)
      select m.id, x.id, x.pos from made m join flagged f on f.id = m.conversation_id
      cross join lateral (
        select ch.id, (row_number() over (order by ch.id <> f.character_id, md5(ch.id::text || m.id::text)) - 1)::int as pos
        from characters ch order by pos limit 4
      ) x`,
  );
  await exec(
    database,
    `update chat_messages m set speaker_id = (
      select gm.character_id from chat_groups g join chat_group_members gm on gm.group_id = g.id
      where g.conversation_id = m.conversation_id and gm.position = m.seq % 4)
    from conversations c where c.id = m.conversation_id and c.is_group and m.role = 'assistant'`,
  );
}

/** Every message of the user gets its hash-embedder vector (model `test:hash`), 2,000 at a time. */
async function fillVectors(database: Database, userId: string) {
  const embedder = new HashEmbedder();
  const repo = new MemoryRepo(database.db);
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = rowsOf<{ id: string; conversationId: string; content: string; hash: string }>(
      await database.db.execute(sql`select m.id, m.conversation_id as "conversationId", m.content, md5(m.content) as hash
        from chat_messages m join conversations c on c.id = m.conversation_id
        where c.user_id = ${userId} and m.id > ${after} order by m.id limit 2000`),
    );
    if (rows.length === 0) break;
    const vectors = await embedder.embed(rows.map((r) => r.content));
    await repo.upsert(
      rows.map((r, i) => ({
        messageId: r.id,
        conversationId: r.conversationId,
        userId,
        model: embedder.info().model,
        hash: r.hash,
        vector: vectorToBytes(vectors[i]!),
        signs: signsOf(vectors[i]!),
        dimensions: embedder.dims,
      })),
    );
    after = rows.at(-1)!.id;
  }
}

/** A new conversation of the user with `n` plain messages (no vectors), for the indexer to embed. */
export async function freshConversation(database: Database, s: Seeded, n: number): Promise<string> {
  const [c] = rowsOf<{ id: string }>(
    await database.db.execute(sql`insert into conversations (user_id, character_id) values (${s.userId}, ${s.characterId}) returning id`),
  );
  if (n > 0) {
    const vocab = `(ARRAY[${VOCABULARY.map((w) => `'${w}'`).join(',')}]::text[])`;
    await exec(
      database,
      `insert into chat_messages (conversation_id, role, content, swipes)
      select '${c!.id}', case when g % 2 = 1 then 'user' else 'assistant' end, t.t, '{}'::text[]
      from generate_series(1, ${n}) g
      cross join lateral (select initcap(string_agg(${vocab}[1 + floor(random() * ${VOCABULARY.length})::int], ' ')) || '.' as t
        from generate_series(1, 6 + g % 11)) t`,
    );
  }
  return c!.id;
}

/** A sentence of `n` vocabulary words. */
export function sentence(rand: () => number, n: number): string {
  const words = Array.from({ length: n }, () => VOCABULARY[Math.floor(rand() * VOCABULARY.length)]!);
  return words.join(' ').replace(/^./, (c) => c.toUpperCase()) + '.';
}
