// `npm run bench:chat`: what the chat server adds on top of a language model, in one run per database mode.
//
// The model is a local OpenAI-compatible streaming server in its own process (bench/llm-peer.mjs); the real server
// runs in its own process (LLM_PROVIDER=openai pointed at it, NODE_ENV=production); the clients live here.
//  1. Time to first token: a signed-in user sends a message (SSE) and we time the first `token` event, one request
//     at a time (BENCH_TTFT_REQUESTS, default 200). The ceiling: the same streaming request sent straight to the
//     model server. The difference is the server's overhead: auth, access, the cost settled in the ledger, the
//     user's message saved, history read, prompt assembled, upstream request opened, first event relayed.
//  2. Concurrent streams: BENCH_STREAMS (default 1,000) replies streaming at once, each at 30 tokens/s for
//     BENCH_STREAM_SECONDS (default 10), two per user (the in-flight limit). Measured: the server's event-loop delay
//     p99 while they all stream (bench/eld-probe.mjs), tokens delivered per stream and per second, errors.
//
// BENCH_DB=embedded,postgres (default both); BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/test,
// a throwaway database is created in it) and BENCH_REDIS_URL (default redis://127.0.0.1:6379) for the second.
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
const STREAM_SECONDS = Number(process.env.BENCH_STREAM_SECONDS ?? 10);
const TOKENS_PER_SECOND = 30;

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

/**
 * A streaming POST: resolves with the time (ms) to the first chunk carrying `marker`, the number of markers seen,
 * and whether the stream ended with `endMarker`.
 */
function stream(
  url: string,
  headers: Record<string, string>,
  body: string,
  marker: string,
  endMarker: string,
): Promise<{ status: number; firstMs: number; count: number; ended: boolean; totalMs: number }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    let firstMs = -1;
    let count = 0;
    let tail = '';
    let ended = false;
    const req = http.request(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, agent }, (res) => {
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        const text = tail + chunk;
        let at = text.indexOf(marker);
        if (at >= 0 && firstMs < 0) firstMs = performance.now() - t0;
        while (at >= 0) {
          count++;
          at = text.indexOf(marker, at + marker.length);
        }
        if (text.includes(endMarker)) ended = true;
        tail = text.slice(-Math.max(marker.length, endMarker.length));
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, firstMs, count, ended, totalMs: performance.now() - t0 }));
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

async function startPeer(): Promise<{ url: string; child: ChildProcess; set(tokens: number, tps: number): Promise<void> }> {
  const child = fork(path.join(repoRoot, 'bench/llm-peer.mjs'), [], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  child.send({ tokens: 3, tokensPerSecond: 0 });
  const { port } = await new Promise<{ port: number }>((resolve) => child.once('message', (m) => resolve(m as { port: number })));
  return {
    url: `http://127.0.0.1:${port}/v1`,
    child,
    set: (tokens, tps) =>
      new Promise((resolve) => {
        child.once('message', () => resolve());
        child.send({ tokens, tokensPerSecond: tps });
      }),
  };
}

async function probe(port: number, what: 'reset' | 'stats') {
  return JSON.parse((await request(`http://127.0.0.1:${port}/${what}`)).body) as {
    p50: number;
    p99: number;
    max: number;
    cpuMicros: number;
  };
}

interface ModeResult {
  label: string;
  ttft: { app: number[]; direct: number[]; errors: number };
  streams: {
    opened: number;
    completed: number;
    errors: number;
    tokensPerStream: number[];
    ratePerStream: number[];
    seconds: number;
    eldP50: number;
    eldP99: number;
    eldMax: number;
    cpuPct: number;
  };
}

async function benchMode(mode: string): Promise<ModeResult | undefined> {
  const peer = await startPeer();
  const probePort = await findFreePort();
  const env: Record<string, string> = {
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'true',
    REQUIRE_EMAIL_VERIFICATION: 'false',
    LLM_PROVIDER: 'openai',
    LLM_BASE_URL: peer.url,
    LLM_MODEL: 'bench-model',
    LLM_RETRIES: '0',
    LLM_CONTEXT_SIZE: '8192',
    BENCH_PROBE_PORT: String(probePort),
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${path.join(repoRoot, 'bench/eld-probe.mjs')}`.trim(),
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
    server = await startServer({ env, timeoutMs: 120_000 });
    const base = server.url;
    const status = JSON.parse((await request(`${base}/api/chat/status`)).body) as { diagnosticCharacterId: string };
    const characterId = status.diagnosticCharacterId;
    const users = STREAMS / 2;
    console.log(`  signing up ${users} users…`);
    const tokens: string[] = [];
    for (let i = 0; i < users; i += 10) {
      tokens.push(...(await Promise.all(Array.from({ length: Math.min(10, users - i) }, () => signUp(base)))));
    }
    const send = (token: string, content: string) =>
      stream(
        `${base}/api/chat/${characterId}/message`,
        { authorization: `Bearer ${token}`, accept: 'text/event-stream', 'x-forwarded-for': nextIp() },
        JSON.stringify({ content }),
        'event: token',
        'event: done',
      );

    // 1. Time to first token, one request at a time; users rotate (rate limit 30 a minute, 50 free a day each).
    await peer.set(3, 0);
    const ttftUsers = tokens.slice(0, Math.ceil(TTFT_REQUESTS / 20) + 1);
    const app: number[] = [];
    const direct: number[] = [];
    let errors = 0;
    for (let i = 0; i < 20; i++) await send(ttftUsers[i % ttftUsers.length]!, 'warm-up');
    const upstreamBody = JSON.stringify({ model: 'bench-model', stream: true, messages: [{ role: 'user', content: 'hi' }] });
    for (let i = 0; i < 20; i++) await stream(`${peer.url}/chat/completions`, {}, upstreamBody, '"content"', '[DONE]');
    for (let i = 0; i < TTFT_REQUESTS; i++) {
      const r = await send(ttftUsers[(i + 20) % ttftUsers.length]!, `Message number ${i}: tell me something.`);
      if (r.status !== 200 || !r.ended || r.firstMs < 0) errors++;
      else app.push(r.firstMs);
      const d = await stream(`${peer.url}/chat/completions`, {}, upstreamBody, '"content"', '[DONE]');
      direct.push(d.firstMs);
    }
    app.sort((a, b) => a - b);
    direct.sort((a, b) => a - b);
    console.log(`  time to first token: app p50 ${percentile(app, 50).toFixed(2)} ms, direct p50 ${percentile(direct, 50).toFixed(2)} ms`);

    // 2. Concurrent streams.
    const perStream = TOKENS_PER_SECOND * STREAM_SECONDS;
    await peer.set(perStream, TOKENS_PER_SECOND);
    const streamUsers = tokens.slice(ttftUsers.length).concat(tokens.slice(0, ttftUsers.length));
    console.log(`  opening ${STREAMS} streams (${perStream} tokens each at ${TOKENS_PER_SECOND}/s)…`);
    const started = performance.now();
    const cpu0 = (await probe(probePort, 'reset')).cpuMicros;
    const all = Array.from({ length: STREAMS }, (_, i) =>
      send(streamUsers[Math.floor(i / 2) % streamUsers.length]!, `Stream ${i}: go on.`).catch(() => null),
    );
    // The steady window: after every stream had time to open, until the first would end.
    await new Promise((r) => setTimeout(r, 2000));
    await probe(probePort, 'reset');
    await new Promise((r) => setTimeout(r, Math.max(1000, (STREAM_SECONDS - 3) * 1000)));
    const eld = await probe(probePort, 'stats');
    const results = await Promise.all(all);
    const seconds = (performance.now() - started) / 1000;
    const cpu1 = (await probe(probePort, 'stats')).cpuMicros;
    const ok = results.filter((r): r is NonNullable<typeof r> => r !== null && r.status === 200);
    const completed = ok.filter((r) => r.ended);
    console.log(`  ${completed.length}/${STREAMS} streams completed; event-loop p99 ${eld.p99} ms`);
    return {
      label,
      ttft: { app, direct, errors },
      streams: {
        opened: ok.length,
        completed: completed.length,
        errors: STREAMS - completed.length,
        tokensPerStream: completed.map((r) => r.count).sort((a, b) => a - b),
        ratePerStream: completed.map((r) => r.count / (r.totalMs / 1000)).sort((a, b) => a - b),
        seconds,
        eldP50: eld.p50,
        eldP99: eld.p99,
        eldMax: eld.max,
        cpuPct: ((cpu1 - cpu0) / 1000 / (seconds * 1000)) * 100,
      },
    };
  } finally {
    await server?.stop();
    peer.child.kill();
    await dropDb?.().catch(() => {});
  }
}

const load1 = () => os.loadavg()[0]!.toFixed(1);
console.log(`Reverie chat bench: node ${process.version}, ${os.cpus().length} CPUs, load average ${load1()} at start`);
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
const f = (n: number) => n.toFixed(2);
console.log(`\nLoad average at the end: ${load1()}\n`);
console.log('Time to first token (ms), one request at a time; overhead = app − direct at the same percentile; targets p50 ≤ 5, p99 ≤ 25\n');
console.log('| database | app p50 | app p99 | direct p50 | direct p99 | overhead p50 | overhead p99 | errors |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
for (const r of results) {
  const { app, direct, errors } = r.ttft;
  const o50 = percentile(app, 50) - percentile(direct, 50);
  const o99 = percentile(app, 99) - percentile(direct, 99);
  console.log(
    `| ${r.label} | ${f(percentile(app, 50))} | ${f(percentile(app, 99))} | ${f(percentile(direct, 50))} | ${f(percentile(direct, 99))} | ${f(o50)} ${o50 <= 5 ? 'met' : 'MISSED'} | ${f(o99)} ${o99 <= 25 ? 'met' : 'MISSED'} | ${errors} |`,
  );
}
console.log(
  `\nConcurrent streams: ${STREAMS} at ${TOKENS_PER_SECOND} tokens/s for ${STREAM_SECONDS} s; target ≥ 1,000 streams with event-loop p99 ≤ 30 ms\n`,
);
console.log(
  '| database | completed | errors | tokens per stream (min / median) | event loop p50 / p99 / max ms | server CPU % of one core | wall s |',
);
console.log('|---|---:|---:|---:|---:|---:|---:|');
for (const r of results) {
  const s = r.streams;
  console.log(
    `| ${r.label} | ${s.completed} | ${s.errors} | ${s.tokensPerStream[0] ?? 0} / ${percentile(s.tokensPerStream, 50)} | ${percentile(s.ratePerStream, 5).toFixed(1)} / ${percentile(s.ratePerStream, 50).toFixed(1)} | ${s.eldP50} / ${s.eldP99} ${s.eldP99 <= 30 ? '(met)' : '(MISSED)'} / ${s.eldMax} | ${s.cpuPct.toFixed(0)} | ${s.seconds.toFixed(1)} |`,
  );
}
process.exit(failed ? 1 : 0);
