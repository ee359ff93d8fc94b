// `npm run bench`: the app against its ceiling, in one run. For each database mode (embedded PostgreSQL;
// external PostgreSQL + Redis when reachable) it starts the real server (`apps/server/src/main.ts`,
// NODE_ENV=production, LOG_LEVEL=info) on a free loopback port with a fresh DATA_DIR, and for each endpoint
// starts a bare node:http server answering the very same bytes (status, headers, body), then loads both with
// autocannon (loopback only, time-bounded) and prints req/s, p50/p99 latency and app/raw.
// The server's event-loop delay under load is measured inside the server process by bench/eld-probe.mjs
// (monitorEventLoopDelay, preloaded with NODE_OPTIONS; the app code is unchanged).
//
// Environment: BENCH_DURATION (s per run, default 5), BENCH_CONNECTIONS (default 50),
// BENCH_DB=embedded,postgres (default both), BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/test),
// BENCH_REDIS_URL (default redis://127.0.0.1:6379), BENCH_ENDPOINTS=config,me,tags (subset by path),
// BENCH_SERVER_NODE_ARGS (flags for the server's node, e.g. --cpu-prof),
// BENCH_PIN=1: the load generator (this process) runs on CPU 0, the app and its raw twin on CPU 1 (taskset), so both
// servers are measured on the same core. On this 2-core VM the two cores' speed differs for minutes at a time (one
// measured 1.5–2× slower than the other on memory-heavy work, and which one changes), so where each process landed
// moved the ratios from run to run.
import autocannon from 'autocannon';
import { execSync, fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { findFreePort, repoRoot, startServer, type ServerProcess } from '../e2e/server-process.ts';
import { forgetRedisKeys } from '../apps/server/test/redis-keys.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const WARMUP_S = 1;
const MODES = (process.env.BENCH_DB ?? 'embedded,postgres').split(',').map((s) => s.trim());
const PG_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

interface Endpoint {
  name: string;
  path: string;
  auth?: boolean;
  /** app/raw target (issue 45) */
  target: number;
}
const ENDPOINTS: Endpoint[] = [
  { name: 'GET /api/auth/config (static JSON)', path: '/api/auth/config', target: 0.8 },
  { name: 'GET /api/auth/me (token, session, kept row)', path: '/api/auth/me', auth: true, target: 0.5 },
  { name: 'GET /api/tags (cached)', path: '/api/tags', target: 0.8 },
];
const ELD_TARGET_MS = 30;
const ONLY = process.env.BENCH_ENDPOINTS?.split(',').map((s) => s.trim());
const selected = ONLY ? ENDPOINTS.filter((e) => ONLY.some((o) => e.path.includes(o))) : ENDPOINTS;

interface Captured {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

function request(url: string, opts: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Captured> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: opts.method ?? 'GET', headers: opts.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
        resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
      });
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

/** Registers a user (CSRF cookie + header, as the SPA does) and returns its access token. */
async function signUp(base: string): Promise<string> {
  const csrf = await request(`${base}/api/auth/csrf`);
  const cookie = (csrf.headers['set-cookie'] ?? '').split(';')[0] ?? '';
  const { csrfToken } = JSON.parse(csrf.body.toString()) as { csrfToken: string };
  const id = randomBytes(4).toString('hex');
  const res = await request(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrfToken },
    body: JSON.stringify({ email: `bench-${id}@example.com`, username: `bench${id}`, password: 'bench-password-123' }),
  });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${res.body.toString()}`);
  return (JSON.parse(res.body.toString()) as { accessToken: string }).accessToken;
}

const HOP_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

async function startRaw(captured: Captured): Promise<{ url: string; child: ChildProcess }> {
  const child = fork(path.join(repoRoot, 'bench/raw-server.mjs'), [], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const headers = Object.fromEntries(Object.entries(captured.headers).filter(([k]) => !HOP_HEADERS.has(k)));
  child.send({ status: captured.status, headers, body: captured.body.toString('base64') });
  const { port } = await new Promise<{ port: number }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as { port: number }));
    child.once('exit', () => reject(new Error('raw server exited')));
  });
  if (PIN) pin(child.pid!, PIN.server);
  return { url: `http://127.0.0.1:${port}`, child };
}

const PIN = process.env.BENCH_PIN ? { load: 0, server: 1 } : undefined;
/** Every thread of process `pid` onto `cpu` (the processes it starts later inherit it). */
function pin(pid: number, cpu: number) {
  execSync(`taskset -a -p -c ${cpu} ${pid}`, { stdio: 'ignore' });
}
if (PIN) pin(process.pid, PIN.load);
function pidListening(url: string): number {
  const port = new URL(url).port;
  return Number(execSync(`ss -ltnp 'sport = :${port}' | grep -o 'pid=[0-9]*' | head -1`).toString().trim().slice(4));
}

async function load(url: string, headers: Record<string, string>, seconds: number) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  return {
    rps: r.requests.average,
    total: r.requests.total,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
  };
}

function rawCpu(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    child.once('message', (m) => resolve((m as { cpuMicros: number }).cpuMicros));
    child.send('cpu');
  });
}

async function probe(port: number, what: 'reset' | 'stats') {
  const res = await request(`http://127.0.0.1:${port}/${what}`);
  return JSON.parse(res.body.toString()) as { p50: number; p99: number; max: number; cpuMicros: number };
}

interface Row {
  endpoint: string;
  appRps: number;
  rawRps: number;
  ratio: number;
  appP50: number;
  appP99: number;
  rawP50: number;
  rawP99: number;
  eldP99: number;
  /** Server CPU time per request (µs): stable when other processes compete for the cores. */
  appCpuUs: number;
  rawCpuUs: number;
  errors: number;
  target: number;
}

async function benchMode(mode: string): Promise<{ rows: Row[]; coldStartMs: number; label: string } | undefined> {
  const env: Record<string, string> = { LOG_LEVEL: 'info', REQUIRE_EMAIL_VERIFICATION: 'false' };
  let dropDb: (() => Promise<void>) | undefined;
  let label = 'embedded PostgreSQL (DATABASE_URL unset), in-process limits';
  if (mode === 'postgres') {
    const dbName = `reverie_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    try {
      await admin.connect();
      await admin.query(`create database ${dbName}`);
    } catch (err) {
      console.log(`\nSkipping PostgreSQL + Redis: ${PG_URL} is not reachable (${(err as Error).message})`);
      await admin.end().catch(() => {});
      return undefined;
    }
    await admin.end();
    const url = new URL(PG_URL);
    url.pathname = `/${dbName}`;
    env.DATABASE_URL = url.toString();
    env.REDIS_URL = REDIS_URL;
    env.REDIS_PREFIX = `bench-${dbName}:`;
    label = `PostgreSQL ${PG_URL.replace(/\/\/[^@]*@/, '//')} + Redis ${REDIS_URL}`;
    dropDb = async () => {
      const c = new pg.Client({ connectionString: PG_URL });
      await c.connect();
      await c.query(`drop database if exists ${dbName} with (force)`);
      await c.end();
      await forgetRedisKeys(REDIS_URL, `bench-${dbName}:`);
    };
  }
  const probePort = await findFreePort();
  env.BENCH_PROBE_PORT = String(probePort);
  env.NODE_OPTIONS = `${process.env.NODE_OPTIONS ?? ''} --import ${path.join(repoRoot, 'bench/eld-probe.mjs')}`.trim();
  console.log(`\n== ${label}: starting the server…`);
  let server: ServerProcess | undefined;
  const rows: Row[] = [];
  try {
    // BENCH_SERVER_NODE_ARGS reach the server's node only (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
    server = await startServer({ env, nodeArgs: (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean) });
    if (PIN) pin(pidListening(server.url), PIN.server);
    const token = await signUp(server.url);
    for (const ep of selected) {
      const headers: Record<string, string> = ep.auth ? { authorization: `Bearer ${token}` } : {};
      const captured = await request(server.url + ep.path, { headers });
      if (captured.status !== 200) throw new Error(`${ep.path} answered ${captured.status}: ${captured.body.toString().slice(0, 200)}`);
      const raw = await startRaw(captured);
      try {
        await load(server.url + ep.path, headers, WARMUP_S);
        const before = await probe(probePort, 'reset');
        const app = await load(server.url + ep.path, headers, DURATION);
        const eld = await probe(probePort, 'stats');
        await load(raw.url + ep.path, headers, WARMUP_S);
        const rawBefore = await rawCpu(raw.child);
        const r = await load(raw.url + ep.path, headers, DURATION);
        const rawAfter = await rawCpu(raw.child);
        rows.push({
          endpoint: ep.name,
          appRps: app.rps,
          rawRps: r.rps,
          ratio: app.rps / r.rps,
          appP50: app.p50,
          appP99: app.p99,
          rawP50: r.p50,
          rawP99: r.p99,
          eldP99: eld.p99,
          appCpuUs: (eld.cpuMicros - before.cpuMicros) / app.total,
          rawCpuUs: (rawAfter - rawBefore) / r.total,
          errors: app.errors,
          target: ep.target,
        });
        console.log(`  ${ep.name}: app ${app.rps.toFixed(0)} req/s, raw ${r.rps.toFixed(0)} req/s (${captured.body.length} bytes)`);
      } finally {
        raw.child.kill();
      }
    }
    return { rows, coldStartMs: server.coldStartMs, label };
  } finally {
    const output = server?.output() ?? '';
    await server?.stop();
    await dropDb?.().catch(() => {});
    const lines = output.trim().split('\n').filter(Boolean);
    const requestLines = lines.filter((l) => l.includes('"msg":"request"') || l.includes('incoming request'));
    console.log(`  server log: ${lines.length} lines during the run (${requestLines.length} per-request lines at LOG_LEVEL=info)`);
  }
}

function table(rows: Row[]) {
  const f0 = (n: number) => n.toFixed(0);
  const lines = [
    '| endpoint | app req/s | raw req/s | app/raw req/s (target) | app / raw CPU µs per request (raw/app) | app p50 / p99 ms | raw p50 / p99 ms | event-loop p99 ms | errors |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.endpoint} | ${f0(r.appRps)} | ${f0(r.rawRps)} | ${r.ratio.toFixed(2)} (≥ ${r.target}) ${r.ratio >= r.target ? 'met' : 'MISSED'} | ${f0(r.appCpuUs)} / ${f0(r.rawCpuUs)} (${(r.rawCpuUs / r.appCpuUs).toFixed(2)}) | ${r.appP50} / ${r.appP99} | ${r.rawP50} / ${r.rawP99} | ${r.eldP99}${r.eldP99 <= ELD_TARGET_MS ? '' : ' (> 30)'} | ${r.errors} |`,
    ),
  ];
  return lines.join('\n');
}

const load1 = () => os.loadavg()[0]!.toFixed(1);
console.log(
  `Reverie bench: autocannon ${CONNECTIONS} connections, ${DURATION} s per run after ${WARMUP_S} s warm-up, loopback only; node ${process.version}; ` +
    `${os.cpus().length} CPUs, load average ${load1()} at start` +
    (PIN ? `; pinned: load generator on CPU ${PIN.load}, app and raw servers on CPU ${PIN.server}` : ''),
);
let failed = false;
const results: { label: string; rows: Row[]; coldStartMs: number }[] = [];
for (const mode of MODES) {
  try {
    const r = await benchMode(mode);
    if (r) results.push(r);
  } catch (err) {
    failed = true;
    console.error(`bench on ${mode} failed:`, err);
  }
}
console.log(`\nLoad average at the end: ${load1()} (other processes on this machine compete for the same cores)`);
for (const r of results) {
  console.log(`\n### ${r.label}\n\nCold start (spawn → first healthy answer): ${r.coldStartMs.toFixed(0)} ms\n`);
  console.log(table(r.rows));
}
// BENCH_JSON=file: the results as JSON too (bench/quick.ts reads them).
if (process.env.BENCH_JSON) {
  const { writeFileSync } = await import('node:fs');
  writeFileSync(process.env.BENCH_JSON, JSON.stringify(results));
}
process.exit(failed ? 1 : 0);
