// `npm run bench:chat-search`: search in chats (issue 32) for a user with 200 conversations and 100,000 messages:
// within one conversation and across all of them, through real HTTP against the app (apps/server/src/main.ts,
// NODE_ENV=production, in its own process), each next to a raw node:http server answering the very same bytes
// (bench/raw-server.mjs, the ceiling), from a closed-loop client in a third process (bench/load-client.mjs).
// Target: p95 ≤ 50 ms. Also prints EXPLAIN (ANALYZE) of both searches as the repository sends them.
//
//   BENCH_DBS=pglite,embedded,postgres (default pglite,embedded)  BENCH_REQUESTS=1000  BENCH_CONCURRENCY=4
//   BENCH_PG=postgres://postgres@127.0.0.1:5432/test (a throwaway database is created beside it and dropped)
//
// The data: 40 characters, 200 conversations (5 per character), 500 messages each of 14 words drawn from a
// 300-word vocabulary (seeded), so a word is in about 5 % of the messages (~4,700 matches across all chats,
// ~23 in one conversation); 10 of the 200 are group chats of 4 members (each its own result across chats, its
// replies under their speakers); another user's 20,000 messages (2 of them group chats) share the indexes, and a
// third user holds BENCH_OTHER_MATCHES (default 100,000) messages that all match "lantern" (#47.6: another user's
// matches must not slow this user's search; 0 leaves them out).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { startServer } from '../e2e/server-process.ts';
import { openDatabase, type Database } from '../apps/server/src/db/client.ts';
import { hashPassword } from '../apps/server/src/modules/auth/passwords.ts';
import { ChatSearchRepo } from '../apps/server/src/modules/chat-search/chat-search.repo.ts';
import { wordsQuery } from '../apps/server/src/modules/chat-search/chat-search.service.ts';
import { capture, measure, rawTwin, type Result } from './load.ts';

const DBS = (process.env.BENCH_DBS ?? 'pglite,embedded').split(',').filter(Boolean);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const BASE_PG = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432/test';
const TARGET = 50;
const CONVERSATIONS = 200;
const PER_CONVERSATION = 500;
const CHARACTERS = 40;
const GROUPS = 10;
const GROUP_MEMBERS = 4;
const PASSWORD = 'bench-password-1';
const OTHER_MATCHES = Number(process.env.BENCH_OTHER_MATCHES ?? 100_000);

const WORDS = `
lantern harbour rain tea letter dragon castle forest river mountain window candle whisper shadow garden storm ocean
bridge tower market library mirror secret promise journey winter summer autumn spring morning evening midnight
silver golden velvet crimson amber ivory violet copper marble glass stone iron feather ribbon thread needle map
compass anchor sail ship captain sailor island shore wave tide moon star comet planet sky cloud thunder lightning
wolf raven fox owl horse cat deer bear serpent falcon sparrow moth beetle spider rose lily thorn ivy moss fern oak
willow pine cedar birch apple honey bread wine cheese salt pepper spice sugar coffee soup stew pie cake orchard
vineyard meadow valley canyon desert glacier volcano cave tunnel gate door key lock chest coin crown sword shield
bow arrow spear armor helmet cloak boot glove ring necklace scroll book page ink quill poem song dance music drum
flute violin harp bell clock hour minute memory dream nightmare laughter tears smile kiss embrace touch voice song
name stranger friend enemy rival lover mentor student teacher healer thief knight queen king prince princess
witch wizard ghost spirit angel demon vampire werewolf giant dwarf elf goblin troll fairy mermaid sphinx golem
train station ticket platform carriage engine whistle smoke steam fire ember ash dust sand snow ice frost fog mist
dawn dusk twilight noon night day week year century legend myth story tale riddle puzzle clue mystery detective
murder alibi witness verdict trial prison escape chase hideout rooftop alley tavern inn kitchen cellar attic
balcony staircase hallway chamber throne banquet festival parade carnival circus theater stage curtain mask
costume portrait painting statue fountain lake pond stream waterfall cliff ridge peak summit trail path road`
  .trim()
  .split(/\s+/)
  .slice(0, 300);

const IN_CONVERSATION = ['lantern', 'harbour lantern', 'lantrn'];
const ACROSS = ['lantern', 'harbour lantern', 'lantrn'];

// ---------- data ----------

async function seed(database: Database, log: (s: string) => void): Promise<{ conversationId: string }> {
  const exec = (q: string) => database.db.execute(sql.raw(q));
  const t0 = Date.now();
  const hash = await hashPassword(PASSWORD);
  await exec(`select setseed(0.32)`);
  await exec(`insert into users (username, email, password_hash, email_verified_at)
    values ('bench_searcher', 'bench_searcher@bench.invalid', '${hash}', now()), ('bench_other', 'bench_other@bench.invalid', '${hash}', now()),
      ('bench_maker', 'bench_maker@bench.invalid', '${hash}', now()), ('bench_heavy', 'bench_heavy@bench.invalid', '${hash}', now())`);
  await exec(`insert into characters (creator_id, name, tagline, visibility)
    select u.id, 'Character ' || g, 'Bench character ' || g, 'public' from generate_series(1, ${CHARACTERS}) g, users u where u.username = 'bench_maker'`);
  await exec(`insert into conversations (user_id, character_id, created_at, updated_at)
    select u.id, c.id, now(), now() from users u, (select id, row_number() over (order by name) k from characters) c, generate_series(1, ${CONVERSATIONS / CHARACTERS}) g
    where u.username = 'bench_searcher'`);
  await exec(
    `insert into conversations (user_id, character_id) select u.id, c.id from users u, characters c where u.username = 'bench_other'`,
  );
  await exec(`insert into conversations (user_id, character_id)
    select u.id, c.id from users u, characters c where u.username = 'bench_heavy' order by c.name limit 10`);
  // The words' GIN index (whichever the migrations made) is dropped for the load and made again after it.
  const ginIndexes = (
    (await exec(
      `select indexname, indexdef from pg_indexes where tablename = 'chat_messages' and indexdef like '%USING gin%'`,
    )) as unknown as {
      rows: Array<{ indexname: string; indexdef: string }>;
    }
  ).rows;
  for (const i of ginIndexes) await exec(`drop index ${i.indexname}`);
  await exec(`alter table chat_messages disable trigger chat_messages_search_words_ins`);
  const vocab = `(ARRAY[${WORDS.map((w) => `'${w}'`).join(',')}]::text[])`;
  const fill = (who: string, per: number) =>
    exec(`insert into chat_messages (conversation_id, role, content, swipes, created_at)
      select c.id, case when g % 2 = 1 then 'user' else 'assistant' end, x.t, case when g % 2 = 1 then '{}'::text[] else array[x.t] end,
        now() - (random() * 90 * 24 * 60) * interval '1 minute'
      from conversations c join users u on u.id = c.user_id and u.username = '${who}'
      cross join generate_series(1, ${per}) g
      cross join lateral (select string_agg(${vocab}[1 + floor(random() * ${WORDS.length})::int], ' ') || '.' as t
        from generate_series(1, 14 + (g % 2) * 0 + (length(c.id::text) - 36))) x`);
  await fill('bench_searcher', PER_CONVERSATION);
  await fill('bench_other', 20_000 / CHARACTERS);
  if (OTHER_MATCHES > 0) {
    await exec(`insert into chat_messages (conversation_id, role, content, swipes)
      select c.id, 'user', 'A lantern by the harbour, ' || g || '.', '{}'::text[]
      from conversations c join users u on u.id = c.user_id and u.username = 'bench_heavy'
      cross join generate_series(1, ${OTHER_MATCHES / 10}) g`);
  }
  // Some conversations become group chats (modules/groups: the row flagged, anchored on its first member), with
  // members in turn order and each reply under one of them. The first conversation (searched within) stays one-to-one.
  const groupsOf = (who: string, n: number) =>
    exec(`with picked as (
        select c.id from conversations c join users u on u.id = c.user_id and u.username = '${who}' order by c.id desc limit ${n}
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
        from characters ch where ch.name like 'Character %' order by pos limit ${GROUP_MEMBERS}
      ) x`);
  await groupsOf('bench_searcher', GROUPS);
  await groupsOf('bench_other', 2);
  await exec(`update chat_messages m set speaker_id = (
      select gm.character_id from chat_groups g join chat_group_members gm on gm.group_id = g.id
      where g.conversation_id = m.conversation_id and gm.position = m.seq % ${GROUP_MEMBERS})
    from conversations c where c.id = m.conversation_id and c.is_group and m.role = 'assistant'`);
  log(`  messages inserted (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  for (const i of ginIndexes) await exec(i.indexdef);
  await exec(`alter table chat_messages enable trigger chat_messages_search_words_ins`);
  // The typo lexicon, per conversation (migration 0026), as the trigger would have kept it.
  await exec(`insert into chat_search_words (conversation_id, word, messages)
    select m.conversation_id, w, count(*) from chat_messages m, chat_search_words_of(m.content) as w group by 1, 2
    on conflict do nothing`);
  await exec(`update conversations c set message_count = (select count(*) from chat_messages m where m.conversation_id = c.id)`);
  await exec(`vacuum analyze chat_messages`);
  await exec(`analyze conversations`);
  const res = (await exec(`select c.id from conversations c join users u on u.id = c.user_id where u.username = 'bench_searcher'
    order by c.id limit 1`)) as unknown as { rows: Array<{ id: string }> };
  log(`  indexes built, analyzed (${((Date.now() - t0) / 1000).toFixed(0)} s in all)`);
  return { conversationId: res.rows[0]!.id };
}

// ---------- measuring ----------

async function login(base: string): Promise<string> {
  const csrf = await fetch(`${base}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookie = csrf.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken, cookie },
    body: JSON.stringify({ emailOrUsername: 'bench_searcher', password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`login: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

interface Row {
  db: string;
  endpoint: string;
  app: Result;
  raw: Result;
}
const rows: Row[] = [];
const explains: string[] = [];

async function benchApp(dbLabel: string, env: Record<string, string>, conversationId: string, dataDir?: string) {
  // BENCH_SERVER_NODE_ARGS reach the server's node only (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const server = await startServer({ env: { LOG_LEVEL: 'warn', TRUST_PROXY: '1', ...env }, dataDir, timeoutMs: 180_000, nodeArgs });
  try {
    const headers = {
      'accept-encoding': 'br, gzip, deflate',
      accept: 'application/json',
      authorization: `Bearer ${await login(server.url)}`,
    };
    const q = (s: string) => encodeURIComponent(s);
    for (const [endpoint, paths] of [
      [
        'within one conversation (word / two words / typo)',
        IN_CONVERSATION.map((s) => `/api/conversations/${conversationId}/search?q=${q(s)}`),
      ],
      ['across all conversations (word / two words / typo)', ACROSS.map((s) => `/api/conversations/search?q=${q(s)}`)],
    ] as const) {
      for (const p of paths) {
        const first = await capture(server.url + p, headers);
        if (first.status !== 200) throw new Error(`${p} → ${first.status} ${Buffer.from(first.body, 'base64').toString()}`);
      }
      const load = { concurrency: CONCURRENCY, headers };
      await measure(server.url, [...paths], 100, load);
      const app = await measure(server.url, [...paths], REQUESTS, load);
      const twin = await rawTwin(server.url, [...paths], headers);
      await measure(twin.url, [...paths], 100, load);
      const raw = await measure(twin.url, [...paths], REQUESTS, load);
      twin.close();
      rows.push({ db: dbLabel, endpoint, app, raw });
      console.log(
        `  ${endpoint}: p50 ${app.p50.toFixed(1)} ms, p95 ${app.p95.toFixed(1)} ms (raw p95 ${raw.p95.toFixed(1)} ms), errors ${app.errors}`,
      );
    }
  } finally {
    await server.stop();
  }
}

const literal = (p: unknown): string =>
  typeof p === 'number' ? String(p) : Array.isArray(p) ? `ARRAY[${p.map(literal).join(',')}]` : `'${String(p).replace(/'/g, "''")}'`;

/** Both searches' SQL as the repository sends it, explained (common word, then the typo path). */
async function explainRepo(label: string, database: Database, conversationId: string) {
  const userId = (
    (await database.db.execute(sql`select id from users where username = 'bench_searcher'`)) as unknown as { rows: Array<{ id: string }> }
  ).rows[0]!.id;
  const captured: Array<{ query: string; params: unknown[] }> = [];
  const session = (database.db as unknown as { session: { logger: { logQuery(q: string, p: unknown[]): void } } }).session;
  const original = session.logger;
  session.logger = { logQuery: (query: string, params: unknown[]) => captured.push({ query, params }) };
  try {
    const repo = new ChatSearchRepo(database.db);
    await repo.inConversation(userId, conversationId, { tsquery: wordsQuery(['lantern']) }, 20, 0);
    await repo.acrossConversations(userId, { tsquery: wordsQuery(['lantern']) }, 20, 0, 3);
    const similar = await repo.similarWords(userId, ['lantrn']);
    await repo.acrossConversations(userId, { tsquery: wordsQuery(['lantrn'], similar) }, 20, 0, 3);
  } finally {
    session.logger = original;
  }
  const names = [
    'within one conversation, "lantern"',
    'across conversations, "lantern"',
    'typo "lantrn": look-alikes in the lexicon',
    'across conversations, typo "lantrn" widened',
  ];
  for (const [i, c] of captured.entries()) {
    const inlined = c.params.reduce<string>((q, p, k) => q.replaceAll(new RegExp(`\\$${k + 1}(?!\\d)`, 'g'), literal(p)), c.query);
    const plan = (await database.db.execute(sql.raw(`explain (analyze, costs off) ${inlined}`))) as unknown as {
      rows: Array<Record<string, string>>;
    };
    explains.push(`--- ${label}: ${names[i]} ---\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
  }
}

// ---------- runs ----------

async function run(kind: string) {
  console.log(`${kind}: seeding ${CONVERSATIONS} conversations, ${(CONVERSATIONS * PER_CONVERSATION).toLocaleString('en')} messages`);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'reverie-bench-chat-search-'));
  let pgName: string | undefined;
  try {
    let config: Parameters<typeof openDatabase>[0];
    let env: Record<string, string> = {};
    if (kind === 'pglite') {
      const dir = path.join(dataDir, 'db');
      config = { kind: 'pglite-disk', dir };
      env = { DATABASE_URL: `pglite://${dir}` };
    } else if (kind === 'embedded') {
      config = { kind: 'embedded', dataDir, pgliteDir: path.join(dataDir, 'pglite') };
    } else {
      pgName = `bench_chat_search_${process.pid}`;
      const admin = new pg.Client({ connectionString: BASE_PG });
      await admin.connect();
      await admin.query(`drop database if exists ${pgName} with (force)`);
      await admin.query(`create database ${pgName}`);
      await admin.end();
      const url = new URL(BASE_PG);
      url.pathname = `/${pgName}`;
      config = { kind: 'postgres', url: url.toString() };
      env = { DATABASE_URL: url.toString() };
    }
    const database = await openDatabase(config);
    const { conversationId } = await seed(database, console.log);
    await explainRepo(kind, database, conversationId);
    await database.close();
    await benchApp(kind, env, conversationId, dataDir);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
    if (pgName) {
      const c = new pg.Client({ connectionString: BASE_PG });
      await c.connect();
      await c.query(`drop database if exists ${pgName} with (force)`);
      await c.end();
    }
  }
}

const started = Date.now();
const load1 = () => os.loadavg()[0]!.toFixed(1);
const loadAtStart = load1();
for (const kind of DBS) await run(kind);

const f = (n: number) => n.toFixed(1);
console.log(
  `\nChat search bench: ${REQUESTS} requests per row after 100 warm-up, concurrency ${CONCURRENCY}, node ${process.version}, ` +
    `${os.cpus().length} cores, load average ${loadAtStart} at start and ${load1()} at the end; ` +
    `${CONVERSATIONS} conversations of which ${GROUPS} group chats; another user holds ${OTHER_MATCHES.toLocaleString('en')} messages matching "lantern"\n`,
);
const header = ['database', 'search', 'p50', `p95 (≤ ${TARGET})`, 'p99', 'req/s', 'errors', 'raw p50', 'raw p95', 'raw req/s'];
const table = rows.map((r) => [
  r.db,
  r.endpoint,
  f(r.app.p50),
  `${f(r.app.p95)} ${r.app.p95 <= TARGET ? 'met' : 'MISSED'}`,
  f(r.app.p99),
  r.app.rps.toFixed(0),
  String(r.app.errors),
  f(r.raw.p50),
  f(r.raw.p95),
  r.raw.rps.toFixed(0),
]);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => r[i]!.length)));
const line = (cells: string[]) => '| ' + cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ') + ' |';
console.log(line(header));
console.log('|' + widths.map((w, i) => (i < 2 ? '-'.repeat(w + 2) : '-'.repeat(w + 1) + ':')).join('|') + '|');
for (const r of table) console.log(line(r));
console.log('\n(milliseconds; "raw" = node:http in its own process answering the same bytes, the ceiling)\n');
for (const e of explains) console.log(e + '\n');
console.log(`done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
process.exit(rows.some((r) => r.app.errors > 0) ? 1 : 0);
