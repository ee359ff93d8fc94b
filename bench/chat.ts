// `npm run bench:chat`: what the chat server adds on top of a language model, in one run per database mode.
//
// The model is a local OpenAI-compatible streaming server in its own process (bench/llm-peer.mjs); the real server
// runs in its own process (LLM_PROVIDER=openai pointed at it, NODE_ENV=production); the clients live here.
//  1. Time to first token: a signed-in user sends a message (SSE) and we time the first `token` event, one request
//     at a time (BENCH_TTFT_REQUESTS, default 200). The ceiling, in the same run: the same streaming request sent
//     straight to the model server. The difference is the server's overhead: auth, access, the cost settled in the
//     ledger, the user's message saved, history read, prompt assembled, upstream request, first event relayed.
//     Twice: against a model server that answers at once (every millisecond of ours shows), then one that takes
//     BENCH_MODEL_FIRST_TOKEN_MS (default 50) to read the prompt, as a real model does (the ledger's work overlaps).
//     Then a group message (POST /api/groups/{id}/message) in a group of 8 characters, the model answering at once:
//     the group's reads, the turn order and the speaker's prompt over the same pipeline (target p50 ≤ 8 ms).
//  2. Concurrent streams: BENCH_STREAMS (default 1,000) replies streaming at once, each 30 tokens/s for
//     BENCH_STREAM_SECONDS (default 20), opened at BENCH_OPEN_PER_SECOND (default 250), two per user (the in-flight
//     limit). First straight from the model server
//     (the raw ceiling: its event loop, what each client received), then through the app. Measured: event-loop delay
//     in the serving process while every stream runs (bench/eld-probe.mjs), tokens each client received and at what
//     rate, how many `token` events carried them (batches), the server's CPU, and its memory per stream: the heap
//     and the resident size while every stream runs, less before the first opened (each after a full collection),
//     over the number of streams. Issue 45's 10,000-stream row: BENCH_STREAMS=10000 BENCH_TOKENS_PER_SECOND=1
//     BENCH_IN_FLIGHT=20 BENCH_OPEN_PER_SECOND=100 BENCH_STREAM_SECONDS=150 BENCH_TOKEN_CLOCK=own (BENCH_HEAP_SNAPSHOT=1
//     also writes a heap snapshot of the serving process while it holds them, to see what a stream keeps; BENCH_IN_FLIGHT replies
//     per user at once; each stream keeps its own clock, as replies started at different moments do).
//
// BENCH_DB=embedded,postgres (default both); BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/test,
// a throwaway database is created in it) and BENCH_REDIS_URL (default redis://127.0.0.1:6379) for the second.
// The machine's load average is printed at the start and the end: on a shared machine, read the numbers beside it.
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { findFreePort, repoRoot, startServer, type ServerProcess } from '../e2e/server-process.ts';

const MODES = (process.env.BENCH_DB ?? 'embedded,postgres').split(',').map((s) => s.trim());
const PG_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const TTFT_REQUESTS = Number(process.env.BENCH_TTFT_REQUESTS ?? 200);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const STREAM_SECONDS = Number(process.env.BENCH_STREAM_SECONDS ?? 20);
/** Streams opened a second until all are open (people arrive over seconds, not in the same millisecond). */
const OPEN_PER_SECOND = Number(process.env.BENCH_OPEN_PER_SECOND ?? 250);
const TOKENS_PER_SECOND = Number(process.env.BENCH_TOKENS_PER_SECOND ?? 30);
/** Replies one user may have written at once (CHAT_IN_FLIGHT_PER_USER, at most 20): fewer users for many streams. */
const IN_FLIGHT = Number(process.env.BENCH_IN_FLIGHT ?? 2);
/** BENCH_TOKEN_CLOCK=own: each stream's tokens keep its own time (bench/llm-peer.mjs), not one shared batch clock. */
const OWN_CLOCK = process.env.BENCH_TOKEN_CLOCK === 'own';
const MODEL_FIRST_TOKEN_MS = Number(process.env.BENCH_MODEL_FIRST_TOKEN_MS ?? 50);
const ELD_PROBE = path.join(repoRoot, 'bench/eld-probe.mjs');

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
let ip = 0;
const nextIp = () => {
  ip++;
  return `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`;
};

function request(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: opts.method ?? 'GET', headers: opts.headers, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

interface StreamResult {
  status: number;
  /** ms from sending the request to the first token. */
  firstMs: number;
  /** Tokens of text received ('Hello', then ' word' each). */
  tokens: number;
  /** Events that carried them. */
  events: number;
  ended: boolean;
  totalMs: number;
}

/**
 * A streaming POST, read as server-sent events. `kind` says whose events: the app's (`event: token` with
 * `{text}`, ended by `event: done`) or the model server's (`data: {choices:[{delta:{content}}]}`, ended by [DONE]).
 */
function stream(
  url: string,
  headers: Record<string, string>,
  body: string,
  kind: 'app' | 'model',
  onFirst?: () => void,
): Promise<StreamResult> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const r: StreamResult = { status: 0, firstMs: -1, tokens: 0, events: 0, ended: false, totalMs: 0 };
    let buffer = '';
    const onEvent = (block: string) => {
      const data = block.slice(block.indexOf('data: ') + 6);
      let text: string | undefined;
      if (kind === 'app') {
        if (block.startsWith('event: done')) r.ended = true;
        if (block.startsWith('event: token')) text = (JSON.parse(data) as { text: string }).text;
      } else if (data === '[DONE]') {
        r.ended = true;
      } else {
        text = (JSON.parse(data) as { choices: { delta: { content?: string } }[] }).choices[0]?.delta.content ?? undefined;
      }
      if (!text) return;
      if (r.firstMs < 0) {
        r.firstMs = performance.now() - t0;
        onFirst?.();
      }
      r.events++;
      r.tokens += text.split(/(?=Hello| word)/).length;
    };
    const req = http.request(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, agent }, (res) => {
      r.status = res.statusCode ?? 0;
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          onEvent(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
        }
      });
      res.on('end', () => resolve({ ...r, totalMs: performance.now() - t0 }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

async function signUp(base: string): Promise<string> {
  const csrf = await request(`${base}/api/auth/csrf`);
  const cookie = String(csrf.headers['set-cookie']?.[0] ?? '').split(';')[0]!;
  const { csrfToken } = JSON.parse(csrf.body) as { csrfToken: string };
  const id = randomBytes(5).toString('hex');
  const res = await request(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrfToken, 'x-forwarded-for': nextIp() },
    body: JSON.stringify({
      email: `bench-${id}@example.com`,
      username: `b${id}`,
      password: 'bench-password-123',
      confirmPassword: 'bench-password-123',
    }),
  });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${res.body}`);
  return (JSON.parse(res.body) as { accessToken: string }).accessToken;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}
const sortNum = (a: number[]) => [...a].sort((x, y) => x - y);

interface Peer {
  url: string;
  probePort: number;
  child: ChildProcess;
  set(tokens: number, tps: number, firstTokenMs?: number): Promise<void>;
}

async function startPeer(): Promise<Peer> {
  const probePort = await findFreePort();
  const child = fork(path.join(repoRoot, 'bench/llm-peer.mjs'), [], {
    execArgv: ['--import', ELD_PROBE],
    env: { ...process.env, BENCH_PROBE_PORT: String(probePort) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  child.send({ tokens: 3, tokensPerSecond: 0 });
  const { port } = await new Promise<{ port: number }>((resolve) => child.once('message', (m) => resolve(m as { port: number })));
  return {
    url: `http://127.0.0.1:${port}/v1`,
    probePort,
    child,
    set: (tokens, tps, firstTokenMs = 0) =>
      new Promise((resolve) => {
        child.once('message', () => resolve());
        child.send({ tokens, tokensPerSecond: tps, firstTokenMs, ownClock: OWN_CLOCK });
      }),
  };
}

interface ProbeStats {
  p50: number;
  p99: number;
  max: number;
  cpuMicros: number;
  heapUsed: number;
  rss: number;
}
async function probe(port: number, what: 'reset' | 'stats' | 'gc'): Promise<ProbeStats> {
  return JSON.parse((await request(`http://127.0.0.1:${port}/${what}`)).body) as ProbeStats;
}

/** BENCH_HEAP_SNAPSHOT=1: a heap snapshot of the serving process (compare two to see what a stream keeps). */
async function heapSnapshot(probePort: number, when: string): Promise<void> {
  if (process.env.BENCH_HEAP_SNAPSHOT !== '1') return;
  const { file } = JSON.parse((await request(`http://127.0.0.1:${probePort}/snapshot`)).body) as { file: string };
  console.log(`  heap snapshot (${when}): ${file}`);
}

interface StreamsRow {
  who: string;
  /** Seconds until every stream had its first token. */
  openSeconds: number;
  /** Each stream's time to its first token (ms), with all of them asking at once. */
  firsts: number[];
  completed: number;
  tokens: number[];
  rates: number[];
  events: number[];
  eld: ProbeStats;
  cpuPct: number;
  /** Heap and resident bytes per stream held (see the header). */
  heapPerStream: number;
  rssPerStream: number;
}

/**
 * Opens `STREAMS` streams (OPEN_PER_SECOND a second) and measures, in the serving process, the event-loop delay while
 * it holds them all: from the moment every stream has had its first token until shortly before the first would end.
 * CPU is counted over the whole run.
 */
async function streamsRun(
  who: string,
  probePort: number,
  open: (i: number, onFirst: () => void) => Promise<StreamResult | null>,
): Promise<StreamsRow> {
  const before = await probe(probePort, 'gc');
  await heapSnapshot(probePort, `${who}, before the first stream`);
  const started = performance.now();
  const cpu0 = (await probe(probePort, 'reset')).cpuMicros;
  let opened = 0;
  const all: Promise<StreamResult | null>[] = [];
  for (let i = 0; i < STREAMS; i++) {
    const due = started + (i * 1000) / OPEN_PER_SECOND;
    if (due > performance.now()) await new Promise((r) => setTimeout(r, due - performance.now()));
    all.push(open(i, () => opened++).catch(() => null));
  }
  while (opened < STREAMS && performance.now() - started < STREAM_SECONDS * 600) await new Promise((r) => setTimeout(r, 50));
  const openSeconds = (performance.now() - started) / 1000;
  await probe(probePort, 'reset');
  await new Promise((r) => setTimeout(r, Math.max(1000, (STREAM_SECONDS - openSeconds - 1.5) * 1000)));
  const eld = await probe(probePort, 'stats');
  const held = await probe(probePort, 'gc');
  await heapSnapshot(probePort, `${who}, while holding the streams`);
  const results = await Promise.all(all);
  const seconds = (performance.now() - started) / 1000;
  const cpu1 = (await probe(probePort, 'stats')).cpuMicros;
  const done = results.filter((r): r is StreamResult => r !== null && r.status === 200 && r.ended);
  const failed = new Map<string, number>();
  for (const r of results) {
    if (r && r.status === 200 && r.ended) continue;
    const why = r === null ? 'connection failed' : r.status === 200 ? 'cut short' : `status ${r.status}`;
    failed.set(why, (failed.get(why) ?? 0) + 1);
  }
  if (failed.size > 0) console.log(`  ${who}: not completed: ${[...failed].map(([why, n]) => `${n} ${why}`).join(', ')}`);
  const firsts = sortNum(done.map((r) => r.firstMs));
  console.log(
    `  ${who}: ${done.length}/${STREAMS} streams completed (first token p50 ${percentile(firsts, 50).toFixed(0)} ms, last ${(firsts.at(-1) ?? 0).toFixed(0)} ms); event-loop p99 ${eld.p99} ms`,
  );
  return {
    who,
    openSeconds,
    firsts,
    completed: done.length,
    tokens: sortNum(done.map((r) => r.tokens)),
    // Tokens a second each client received, from its first token to the end.
    rates: sortNum(done.map((r) => (r.tokens - 1) / Math.max(0.001, (r.totalMs - r.firstMs) / 1000))),
    events: sortNum(done.map((r) => r.events)),
    eld,
    cpuPct: ((cpu1 - cpu0) / 1000 / (seconds * 1000)) * 100,
    heapPerStream: (held.heapUsed - before.heapUsed) / STREAMS,
    rssPerStream: (held.rss - before.rss) / STREAMS,
  };
}

interface TtftRow {
  model: string;
  app: number[];
  direct: number[];
  errors: number;
  /** The app process's CPU time per message (ms), its background work included. */
  cpuMsPerMessage: number;
  /** The model server's CPU time per streamed request (ms): what one HTTP exchange costs a process on this machine. */
  peerCpuMsPerRequest: number;
}

/** Eight public characters made by the first user, and a group of them for each user: user token → group id. */
async function groupsOf8(base: string, tokens: string[]): Promise<Map<string, string>> {
  const json = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-forwarded-for': nextIp() });
  const characterIds: string[] = [];
  for (let i = 0; i < 8; i++) {
    const res = await request(`${base}/api/characters`, {
      method: 'POST',
      headers: json(tokens[0]!),
      body: JSON.stringify({
        name: `Bench member ${i + 1}`,
        tagline: 'One of eight in a group chat',
        description: `Member ${i + 1} of a benchmark group: speaks briefly and stays in character.`,
        greeting: 'Hello.',
        tags: ['female', 'fantasy', 'sfw'],
        visibility: 'public',
      }),
    });
    if (res.status !== 201) throw new Error(`character ${i + 1}: ${res.status} ${res.body}`);
    characterIds.push((JSON.parse(res.body) as { id: string }).id);
  }
  const groups = new Map<string, string>();
  for (const token of tokens) {
    const res = await request(`${base}/api/groups`, {
      method: 'POST',
      headers: json(token),
      body: JSON.stringify({ name: 'Bench group', scenario: 'Eight characters meet at an inn.', characterIds }),
    });
    if (res.status !== 201) throw new Error(`group: ${res.status} ${res.body}`);
    groups.set(token, (JSON.parse(res.body) as { group: { id: string } }).group.id);
  }
  return groups;
}

interface ModeResult {
  label: string;
  ttft: TtftRow[];
  streams: StreamsRow[];
}

async function benchMode(mode: string): Promise<ModeResult | undefined> {
  const peer = await startPeer();
  const probePort = await findFreePort();
  const env: Record<string, string> = {
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    TRUST_PROXY: '1',
    REQUIRE_EMAIL_VERIFICATION: 'false',
    LLM_PROVIDER: 'openai',
    LLM_BASE_URL: peer.url,
    LLM_MODEL: 'bench-model',
    LLM_RETRIES: '0',
    LLM_CONTEXT_SIZE: '8192',
    ...(IN_FLIGHT > 2 ? { CHAT_IN_FLIGHT_PER_USER: String(IN_FLIGHT) } : {}),
    BENCH_PROBE_PORT: String(probePort),
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${ELD_PROBE}`.trim(),
  };
  let label = 'embedded PostgreSQL, in-process limits';
  let dropDb: (() => Promise<void>) | undefined;
  if (mode === 'postgres') {
    const dbName = `reverie_chatbench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    try {
      await admin.connect();
      await admin.query(`create database ${dbName}`);
    } catch (err) {
      console.log(`Skipping PostgreSQL + Redis: ${(err as Error).message}`);
      peer.child.kill();
      return undefined;
    } finally {
      await admin.end().catch(() => {});
    }
    const url = new URL(PG_URL);
    url.pathname = `/${dbName}`;
    Object.assign(env, { DATABASE_URL: url.toString(), REDIS_URL, REDIS_PREFIX: `chatbench-${dbName}:` });
    label = 'PostgreSQL + Redis';
    dropDb = async () => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop database if exists ${dbName} with (force)`);
      await c.end();
    };
  }
  let server: ServerProcess | undefined;
  try {
    console.log(`\n== ${label}: starting the server…`);
    // BENCH_SERVER_NODE_ARGS reach the server's node only (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see where
    // its time goes; the profile is written when the bench stops it).
    const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
    server = await startServer({ env, nodeArgs, timeoutMs: 120_000 });
    const base = server.url;
    const status = JSON.parse((await request(`${base}/api/chat/status`)).body) as { diagnosticCharacterId: string };
    const characterId = status.diagnosticCharacterId;
    // Enough users that none passes the rate limit (30 messages a minute) or its 50 free messages of the day.
    // (the one-to-one rows and the group row: three rounds of TTFT_REQUESTS)
    const ttftUserCount = Math.ceil((3 * TTFT_REQUESTS + 20) / 25) + 1;
    // Stream users of their own: the TTFT users have spent much of their minute's messages (30 a minute each).
    const users = Math.ceil(STREAMS / IN_FLIGHT) + ttftUserCount;
    console.log(`  signing up ${users} users…`);
    const tokens: string[] = [];
    for (let i = 0; i < users; i += 10) {
      tokens.push(...(await Promise.all(Array.from({ length: Math.min(10, users - i) }, () => signUp(base)))));
    }
    const send = (token: string, content: string, onFirst?: () => void) =>
      stream(
        `${base}/api/chat/${characterId}/message`,
        { authorization: `Bearer ${token}`, accept: 'text/event-stream', 'x-forwarded-for': nextIp() },
        JSON.stringify({ content }),
        'app',
        onFirst,
      );
    const upstreamBody = JSON.stringify({ model: 'bench-model', stream: true, messages: [{ role: 'user', content: 'hi' }] });
    const direct = (onFirst?: () => void) => stream(`${peer.url}/chat/completions`, {}, upstreamBody, 'model', onFirst);

    // 1. Time to first token, one request at a time; users rotate (rate limit 30 a minute, 50 free a day each).
    const ttftUsers = tokens.slice(0, ttftUserCount);
    let turn = 0;
    const ttft = async (model: string, firstTokenMs: number, requests: number, via = send): Promise<TtftRow> => {
      await peer.set(3, 0, firstTokenMs);
      const row: TtftRow = { model, app: [], direct: [], errors: 0, cpuMsPerMessage: 0, peerCpuMsPerRequest: 0 };
      const cpuBefore = (await probe(probePort, 'stats')).cpuMicros;
      const peerCpuBefore = (await probe(peer.probePort, 'stats')).cpuMicros;
      for (let i = 0; i < requests; i++) {
        const r = await via(ttftUsers[turn++ % ttftUsers.length]!, `Message number ${i}: tell me something.`);
        if (r.status !== 200 || !r.ended || r.firstMs < 0) row.errors++;
        else row.app.push(r.firstMs);
        row.direct.push((await direct()).firstMs);
      }
      row.cpuMsPerMessage = ((await probe(probePort, 'stats')).cpuMicros - cpuBefore) / 1000 / requests;
      // The model server answered each request twice (the app's, and the direct one).
      row.peerCpuMsPerRequest = ((await probe(peer.probePort, 'stats')).cpuMicros - peerCpuBefore) / 1000 / (2 * requests);
      row.app = sortNum(row.app);
      row.direct = sortNum(row.direct);
      console.log(
        `  time to first token (${model}): app p50 ${f(percentile(row.app, 50))} ms, model server p50 ${f(percentile(row.direct, 50))} ms`,
      );
      return row;
    };
    await ttft('warm-up', 0, 20);
    const instant = await ttft('model answers at once', 0, TTFT_REQUESTS);
    const thinking = await ttft(`model needs ${MODEL_FIRST_TOKEN_MS} ms`, MODEL_FIRST_TOKEN_MS, Math.ceil(TTFT_REQUESTS / 2));
    // A group of 8 characters per user (made by the first user, public), messages naming nobody (natural turns).
    const groupOf = await groupsOf8(base, ttftUsers);
    const sendToGroup = (token: string, content: string) =>
      stream(
        `${base}/api/groups/${groupOf.get(token)!}/message`,
        { authorization: `Bearer ${token}`, accept: 'text/event-stream', 'x-forwarded-for': nextIp() },
        JSON.stringify({ content }),
        'app',
      );
    const group = await ttft('group of 8, model answers at once', 0, TTFT_REQUESTS, sendToGroup);

    // 2. Concurrent streams: straight from the model server (the ceiling), then through the app (BENCH_STREAMS=0: none).
    if (STREAMS === 0) return { label, ttft: [instant, thinking, group], streams: [] };
    const perStream = TOKENS_PER_SECOND * STREAM_SECONDS;
    await peer.set(perStream, TOKENS_PER_SECOND);
    console.log(`  ${STREAMS} streams of ${perStream} tokens at ${TOKENS_PER_SECOND}/s each…`);
    const rawRow = await streamsRun('model server alone', peer.probePort, (_i, onFirst) => direct(onFirst));
    const streamUsers = tokens.slice(ttftUsers.length);
    const appRow = await streamsRun('through the app', probePort, (i, onFirst) =>
      send(streamUsers[Math.floor(i / IN_FLIGHT) % streamUsers.length]!, `Stream ${i}: go on.`, onFirst),
    );
    return { label, ttft: [instant, thinking, group], streams: [rawRow, appRow] };
  } finally {
    await server?.stop();
    peer.child.kill();
    await dropDb?.().catch(() => {});
  }
}

const f = (n: number) => n.toFixed(2);
/** A TTFT row as figures: the overhead at p50 and p99 and the app's CPU per message. */
const ttftSummary = (t: TtftRow) => ({
  model: t.model,
  overheadP50: percentile(t.app, 50) - percentile(t.direct, 50),
  overheadP99: percentile(t.app, 99) - percentile(t.direct, 99),
  cpuMsPerMessage: t.cpuMsPerMessage,
  errors: t.errors,
});
const load1 = () => os.loadavg()[0]!.toFixed(1);
const loadStart = load1();
console.log(`Reverie chat bench: node ${process.version}, ${os.cpus().length} CPUs, load average ${loadStart} at start`);
const results: ModeResult[] = [];
let failed = false;
for (const mode of MODES) {
  try {
    const r = await benchMode(mode);
    if (r) results.push(r);
  } catch (err) {
    failed = true;
    console.error(`chat bench on ${mode} failed:`, err);
  }
}
const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
console.log(`\nLoad average (1 min): ${loadStart} at the start, ${load1()} at the end, on ${os.cpus().length} CPUs.\n`);
console.log(
  `Time to first token (ms), one request at a time, ${TTFT_REQUESTS} requests; the model server alone is the ceiling; ` +
    'overhead = app − model server at the same percentile (targets p50 ≤ 5, p99 ≤ 25; a group message of 8 members p50 ≤ 8)\n',
);
console.log(
  '| database | model server | requests | app p50 | app p99 | model server p50 | model server p99 | overhead p50 | overhead p99 | CPU ms / request: app, model server | errors |',
);
console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const r of results) {
  for (const { model, app, direct, errors, cpuMsPerMessage, peerCpuMsPerRequest } of r.ttft) {
    const o50 = percentile(app, 50) - percentile(direct, 50);
    const o99 = percentile(app, 99) - percentile(direct, 99);
    console.log(
      `| ${r.label} | ${model} | ${app.length + errors} | ${f(percentile(app, 50))} | ${f(percentile(app, 99))} | ${f(percentile(direct, 50))} | ${f(percentile(direct, 99))} | ${f(o50)} ${verdict(o50 <= (model.startsWith('group') ? 8 : 5))} | ${f(o99)} ${verdict(o99 <= 25)} | ${f(cpuMsPerMessage)}, ${f(peerCpuMsPerRequest)} | ${errors} |`,
    );
  }
}
const perStream = TOKENS_PER_SECOND * STREAM_SECONDS;
console.log(
  `\nConcurrent streams: ${STREAMS} at once (opened ${OPEN_PER_SECOND} a second), ${perStream} tokens each at ${TOKENS_PER_SECOND} tokens/s; target: all ${STREAMS} complete with ` +
    'event-loop delay p99 ≤ 30 ms. Event loop = the process serving the streams (the model server alone, or the app), ' +
    'measured while it holds them all (from the last first token until shortly before the first stream ends).\n',
);
console.log(
  `| database | serving | completed | first token p50 / last s | tokens received min / median (of ${perStream}) | tokens/s per client p5 / median | token events per stream (median) | event loop p50 / p99 / max ms | CPU % of one core | KB per stream: heap, resident |`,
);
console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const r of results) {
  for (const s of r.streams) {
    const app = s.who === 'through the app';
    const ok = s.completed === STREAMS && s.eld.p99 <= 30;
    console.log(
      `| ${r.label} | ${s.who} | ${s.completed}${app ? ` ${verdict(ok)}` : ''} | ${(percentile(s.firsts, 50) / 1000).toFixed(1)} / ${((s.firsts.at(-1) ?? 0) / 1000).toFixed(1)} | ${s.tokens[0] ?? 0} / ${percentile(s.tokens, 50)} | ${percentile(s.rates, 5).toFixed(1)} / ${percentile(s.rates, 50).toFixed(1)} | ${percentile(s.events, 50)} | ${s.eld.p50} / ${s.eld.p99} / ${s.eld.max} | ${s.cpuPct.toFixed(0)} | ${(s.heapPerStream / 1024).toFixed(1)}, ${(s.rssPerStream / 1024).toFixed(1)} |`,
    );
  }
}
// BENCH_JSON=file: the results as JSON too (bench/quick.ts reads them).
if (process.env.BENCH_JSON) {
  const { writeFileSync } = await import('node:fs');
  const streamsSummary = (s: StreamsRow) => ({
    who: s.who,
    streams: STREAMS,
    completed: s.completed,
    eldP99: s.eld.p99,
    heapKbPerStream: s.heapPerStream / 1024,
    rssKbPerStream: s.rssPerStream / 1024,
  });
  const json = results.map((r) => ({ label: r.label, ttft: r.ttft.map(ttftSummary), streams: r.streams.map(streamsSummary) }));
  writeFileSync(process.env.BENCH_JSON, JSON.stringify(json));
}
process.exit(failed ? 1 : 0);
