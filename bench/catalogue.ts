// `npm run bench:catalogue`: the catalogue's two hot reads (a feed page and a search) against 1k, 100k and 1M
// characters on PostgreSQL, and 100k on the embedded database (PGlite), each next to a raw node:http server that
// answers the same bytes (the floor: what HTTP and the client cost without the app). Prints p50/p95/p99 and req/s,
// then EXPLAIN (ANALYZE, BUFFERS) of the feed and search queries exactly as the repositories send them.
//
//   BENCH_SIZES=1000,100000,1000000  BENCH_PGLITE=100000 (0 = skip)  BENCH_REQUESTS=600  BENCH_CONCURRENCY=8
//   BENCH_PG=postgres://postgres@127.0.0.1:5432/test (a throwaway database is created next to it and dropped;
//   BENCH_KEEP=1 keeps it for a look with psql)
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { composeApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, type Db } from '../apps/server/src/db/client.ts';
import { CharactersRepo } from '../apps/server/src/modules/characters/characters.repo.ts';
import { SearchRepo } from '../apps/server/src/modules/search/search.repo.ts';

const SIZES = (process.env.BENCH_SIZES ?? '1000,100000,1000000')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const PGLITE_SIZE = Number(process.env.BENCH_PGLITE ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 600);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const BASE_PG = process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432/test';

const FEED_PATHS = [
  '/api/characters?sort=popular&limit=20',
  '/api/characters?sort=new&limit=20',
  '/api/characters?sort=popular&limit=20&page=5',
];
const SEARCH_PATHS = [
  '/api/search?q=seraphna&type[]=characters',
  '/api/search?q=vamp&type[]=characters',
  '/api/search?q=morwen%20crane&type[]=characters',
];

// ---------- data ----------

const FIRST = [
  'Seraphina',
  'Aurelian',
  'Morwenna',
  'Jinx',
  'Lucien',
  'Dahlia',
  'Ishael',
  'Teodor',
  'Mireille',
  'Kaito',
  'Ronan',
  'Selene',
  'Cassius',
  'Ines',
  'Oren',
  'Vesper',
  'Thalia',
  'Bastien',
  'Nyx',
  'Eamon',
  'Liora',
  'Soren',
  'Amara',
  'Dorian',
  'Freya',
  'Idris',
  'Calla',
  'Emrys',
  'Yara',
  'Lysander',
];
const LAST = [
  'Vale',
  'Voss',
  'Crane',
  'Takahara',
  'Ashgrave',
  'Nightshade',
  'Malinowski',
  'Quill',
  'Harrow',
  'Blackwood',
  'Marsh',
  'Sterling',
  'Okafor',
  'Reyes',
  'Lindqvist',
  'Duval',
  'Moreau',
  'Kovacs',
  'Hale',
  'Winter',
  'Castell',
  'Rook',
  'Ember',
  'Fairweather',
  'Sato',
  'Larkspur',
  'Navarro',
  'Thorne',
  'Wilde',
  'Abara',
];
const TYPES = ['female', 'male', 'non-binary', 'android', 'alien', 'demon', 'angel', 'vampire'];
const GENRES = ['sci-fi', 'fantasy', 'horror', 'romance', 'adventure', 'mystery', 'slice-of-life', 'cyberpunk'];
const MOODS = ['confident', 'shy', 'mysterious', 'playful', 'serious', 'caring', 'rebellious', 'intellectual'];
const PLACES = [
  'a drowned city',
  'the old observatory',
  'a night train',
  'the last lighthouse',
  'a neon market',
  'the winter court',
  'a derelict station',
  'a candlelit library',
];

const lit = (xs: string[]) => `ARRAY[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]::text[]`;
const pick = (xs: string[], r: string) => `(${lit(xs)})[1 + floor(${r} * ${xs.length})::int]`;

/** Creators and characters with generate_series, in chunks; GIN indexes dropped first and rebuilt after (faster). */
async function fill(exec: (q: string) => Promise<unknown>, n: number, log: (s: string) => void) {
  const creators = Math.max(10, Math.round(n / 40));
  const t0 = Date.now();
  await exec(`select setseed(0.42)`);
  await exec(`insert into users (username, email, created_at)
    select 'bench_creator_' || g, 'bench_creator_' || g || '@bench.invalid', now() - (random() * 400)::int * interval '1 day'
    from generate_series(1, ${creators}) g`);
  await exec(
    `create temp table bench_creators as select row_number() over (order by id) as k, id from users where username like 'bench_creator_%'`,
  );
  await exec(`drop index if exists characters_search_vector_idx, characters_tag_names_idx`);
  // The lexicon trigger would do one upsert per row; it is filled once after the load instead.
  await exec(`alter table characters disable trigger characters_search_words_trg`);
  const chunk = 100_000;
  for (let from = 1; from <= n; from += chunk) {
    const to = Math.min(n, from + chunk - 1);
    await exec(`insert into characters (creator_id, name, tagline, description, tag_names, nsfw, visibility, likes_count,
        favorites_count, chat_count, rating, rating_count, created_at, updated_at)
      select c.id, x.first || ' ' || x.last,
        'A ' || x.mood || ' ' || x.kind || ' from ' || x.place || '.',
        x.first || ' waits in ' || x.place || '. ' || initcap(x.mood) || ', patient, and not what they seem; a ' || x.genre || ' story that starts with you.',
        ARRAY[x.kind, x.genre, x.mood, case when x.nsfw then 'nsfw' else 'sfw' end],
        x.nsfw, case when x.r4 < 0.93 then 'public' when x.r4 < 0.97 then 'unlisted' else 'private' end,
        floor(power(x.r5, 6) * 20000)::int, floor(power(x.r5, 6) * 5000)::int, floor(power(x.r5, 5) * 90000)::int,
        round((3 + x.r6 * 2)::numeric, 2)::real, floor(x.r6 * 300)::int,
        now() - x.r7 * interval '400 days', now()
      from generate_series(${from}, ${to}) g
      cross join lateral (select
          ${pick(FIRST, 'random()')} || case when g % 7 = 0 then '' else '' end as first,
          ${pick(LAST, 'random()')} as last, ${pick(TYPES, 'random()')} as kind, ${pick(GENRES, 'random()')} as genre,
          ${pick(MOODS, 'random()')} as mood, ${pick(PLACES, 'random()')} as place,
          random() < 0.33 as nsfw, random() as r4, random() as r5, random() as r6, random() as r7, g as gg) x
      join bench_creators c on c.k = 1 + (x.gg % ${creators})`);
    log(`  inserted ${to.toLocaleString()} / ${n.toLocaleString()} characters (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  }
  await exec(
    `create index characters_search_vector_idx on characters using gin (search_vector) where visibility = 'public' and deleted_at is null`,
  );
  await exec(`alter table characters enable trigger characters_search_words_trg`);
  await exec(`insert into search_words (word)
    select distinct w from characters, regexp_split_to_table(lower(name || ' ' || array_to_string(tag_names, ' ')), '[^[:alnum:]]+') as w
    where length(w) between 3 and 40 on conflict do nothing`);
  await exec(`create index characters_tag_names_idx on characters using gin (tag_names)`);
  await exec(`vacuum analyze characters`);
  await exec(`analyze users`);
  log(`  indexes rebuilt, analyzed (${((Date.now() - t0) / 1000).toFixed(0)} s in all)`);
}

// ---------- measuring ----------

interface Result {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

let clientIp = 0;
/** Each request comes from its own (forwarded) address, as real traffic would: the per-IP search limit stays out of the way. */
async function measure(base: string, paths: string[], requests: number): Promise<Result> {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const worker = async () => {
    while (next < requests) {
      const i = next++;
      clientIp++;
      const t0 = performance.now();
      try {
        const res = await fetch(base + paths[i % paths.length], {
          headers: { 'x-forwarded-for': `10.${(clientIp >> 16) & 255}.${(clientIp >> 8) & 255}.${clientIp & 255}` },
        });
        await res.arrayBuffer();
        if (res.status !== 200) errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - t0);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const secs = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { rps: requests / secs, p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99), errors };
}

/** A raw node:http server answering each path with the bytes the app gave for it. */
async function rawTwin(base: string, paths: string[]) {
  const bodies = new Map<string, Buffer>();
  for (const p of paths) bodies.set(p, Buffer.from(await (await fetch(base + p)).arrayBuffer()));
  const server = http.createServer((req, res) => {
    const body = bodies.get(req.url ?? '') ?? Buffer.alloc(0);
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

interface Row {
  db: string;
  size: string;
  endpoint: string;
  app: Result;
  raw: Result;
}

const rows: Row[] = [];
const explains: string[] = [];

async function benchApp(dbLabel: string, size: number, env: Record<string, string>) {
  const dataDir = env.DATA_DIR!;
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    SEED_CONTENT: 'false',
    WEB_DIST: '',
    TRUST_PROXY: 'true',
    ...env,
    DATA_DIR: dataDir,
  });
  const { app } = await composeApp(config);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  const base = `http://127.0.0.1:${port}`;
  try {
    for (const [endpoint, paths] of [
      ['feed page (popular/new/page 5)', FEED_PATHS],
      ['search (typo/prefix/two words)', SEARCH_PATHS],
    ] as const) {
      await measure(base, paths, 60);
      const appResult = await measure(base, paths, REQUESTS);
      const twin = await rawTwin(base, paths);
      await measure(twin.url, paths, 60);
      const rawResult = await measure(twin.url, paths, REQUESTS);
      await twin.close();
      rows.push({ db: dbLabel, size: size.toLocaleString('en'), endpoint, app: appResult, raw: rawResult });
      console.log(
        `  ${endpoint}: p95 ${appResult.p95.toFixed(1)} ms (raw ${rawResult.p95.toFixed(1)} ms), ${appResult.rps.toFixed(0)} req/s, errors ${appResult.errors}`,
      );
    }
  } finally {
    await app.close();
  }
}

/** The feed and search SQL exactly as the repositories build it, explained on this database. */
async function explainRepos(label: string, db: Db, run: (q: string, params: unknown[]) => Promise<string[]>) {
  const captured: Array<{ query: string; params: unknown[] }> = [];
  const logging = Object.create(db) as Db;
  // Drizzle's session logs through db.session.logger; a tracing copy records what the repos send.
  const session = (db as unknown as { session: { logger: { logQuery(q: string, p: unknown[]): void } } }).session;
  const original = session.logger;
  session.logger = { logQuery: (query: string, params: unknown[]) => captured.push({ query, params }) };
  try {
    await new CharactersRepo(logging).feed({ sort: 'popular', limit: 20, offset: 0 });
    await new SearchRepo(logging).characters('seraphna', { limit: 20, offset: 0 });
  } finally {
    session.logger = original;
  }
  const wanted = [
    captured.find((c) => c.query.includes('order by "characters"."likes_count" desc')),
    ...captured.filter((c) => c.query.includes('word_similarity')),
  ];
  for (const [i, c] of wanted.entries()) {
    if (!c) continue;
    const plan = await run(`explain (analyze, buffers, costs off) ${c.query}`, c.params);
    explains.push(`--- ${label}: ${i === 0 ? 'feed (popular, page 1)' : 'search characters "seraphna"'} ---\n${plan.join('\n')}`);
  }
}

// ---------- runs ----------

async function runPostgres(size: number) {
  const name = `bench_catalogue_${size}`;
  const admin = new pg.Client({ connectionString: BASE_PG });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(BASE_PG);
  url.pathname = `/${name}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'reverie-bench-'));
  console.log(`PostgreSQL, ${size.toLocaleString('en')} characters (${url.pathname.slice(1)})`);
  try {
    const database = await openDatabase({ kind: 'postgres', url: url.toString() });
    const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
    const client = await pool.connect();
    await client.query(`set maintenance_work_mem = '256MB'; set synchronous_commit = off`);
    await fill((q) => client.query(q), size, console.log);
    client.release();
    await benchApp('PostgreSQL', size, { DATABASE_URL: url.toString(), DATA_DIR: dataDir });
    await explainRepos(`PostgreSQL ${size.toLocaleString('en')}`, database.db, async (q, params) =>
      (await pool.query(q, params)).rows.map((r: Record<string, string>) => r['QUERY PLAN']!),
    );
    await pool.end();
    await database.close();
  } finally {
    if (!process.env.BENCH_KEEP) {
      const c = new pg.Client({ connectionString: BASE_PG });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    }
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function runPglite(size: number) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'reverie-bench-pglite-'));
  console.log(`PGlite (embedded, on disk), ${size.toLocaleString('en')} characters`);
  try {
    const database = await openDatabase({ kind: 'pglite-disk', dir: path.join(dataDir, 'pglite') });
    await fill((q) => database.db.execute(sql.raw(q)), size, console.log);
    await database.close();
    await benchApp('PGlite', size, { DATA_DIR: dataDir });
    const again = await openDatabase({ kind: 'pglite-disk', dir: path.join(dataDir, 'pglite') });
    const client = (
      again.db as unknown as { $client: { query(q: string, p: unknown[]): Promise<{ rows: Array<Record<string, string>> }> } }
    ).$client;
    await explainRepos(`PGlite ${size.toLocaleString('en')}`, again.db, async (q, params) =>
      (await client.query(q, params)).rows.map((r) => r['QUERY PLAN']!),
    );
    await again.close();
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

const started = Date.now();
for (const size of SIZES) await runPostgres(size);
if (PGLITE_SIZE > 0) await runPglite(PGLITE_SIZE);

const f = (n: number) => n.toFixed(1);
console.log(
  `\nCatalogue bench: ${REQUESTS} requests per row after 60 warm-up, concurrency ${CONCURRENCY}, node ${process.version}, ${os.cpus().length} cores\n`,
);
const header = ['database', 'characters', 'endpoint', 'p50', 'p95', 'p99', 'req/s', 'errors', 'raw p50', 'raw p95', 'raw p99', 'raw req/s'];
const table = rows.map((r) => [
  r.db,
  r.size,
  r.endpoint,
  f(r.app.p50),
  f(r.app.p95),
  f(r.app.p99),
  r.app.rps.toFixed(0),
  String(r.app.errors),
  f(r.raw.p50),
  f(r.raw.p95),
  f(r.raw.p99),
  r.raw.rps.toFixed(0),
]);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => r[i]!.length)));
const line = (cells: string[]) => '| ' + cells.map((c, i) => (i < 3 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ') + ' |';
console.log(line(header));
console.log('|' + widths.map((w, i) => (i < 3 ? '-'.repeat(w + 2) : '-'.repeat(w + 1) + ':')).join('|') + '|');
for (const r of table) console.log(line(r));
console.log('\n(milliseconds; "raw" = node:http answering the same bytes on the same machine, the floor)\n');
for (const e of explains) console.log(e + '\n');
console.log(`done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
process.exit(rows.some((r) => r.app.errors > 0) ? 1 : 0);
