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
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { findFreePort, startServer, type ServerProcess } from '../e2e/server-process.ts';
import { forgetRedisKeys } from '../apps/server/test/redis-keys.ts';
import { ELD_PROBE, nextIp, percentile, probe, request, signUp, sortNum, startPeer, stream } from './chat-client.ts';
import {
  IN_FLIGHT,
  OWN_CLOCK,
  printStreamsTable,
  STREAMS,
  STREAM_SECONDS,
  streamsRun,
  streamsSummary,
  TOKENS_PER_SECOND,
  type StreamsRow,
} from './chat-streams.ts';

const MODES = (process.env.BENCH_DB ?? 'embedded,postgres').split(',').map((s) => s.trim());
const PG_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const TTFT_REQUESTS = Number(process.env.BENCH_TTFT_REQUESTS ?? 200);
const MODEL_FIRST_TOKEN_MS = Number(process.env.BENCH_MODEL_FIRST_TOKEN_MS ?? 50);

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
  const peer = await startPeer(OWN_CLOCK);
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
      await forgetRedisKeys(REDIS_URL, `chatbench-${dbName}:`);
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
printStreamsTable(results);
// BENCH_JSON=file: the results as JSON too (bench/quick.ts reads them).
if (process.env.BENCH_JSON) {
  const { writeFileSync } = await import('node:fs');
  const json = results.map((r) => ({ label: r.label, ttft: r.ttft.map(ttftSummary), streams: r.streams.map(streamsSummary) }));
  writeFileSync(process.env.BENCH_JSON, JSON.stringify(json));
}
process.exit(failed ? 1 : 0);
