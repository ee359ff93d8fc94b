// `npm start` with the embedded model, as a new user runs it: `node scripts/start.mjs` (the SPA build check, then the
// server with scripts/parent-watch.mjs preloaded), a fresh DATA_DIR (embedded PostgreSQL) and LLM_MODEL_PATH at the
// self-made tiny GGUF, while every core is kept busy. Ten starts in a row; each one signs up, opens the diagnostic
// character and reads a streamed reply over HTTP. node-llama-cpp tests its binary in a forked child that inherits the
// server's preloads: when the preload acted in that child, a busy machine broke the start (EPIPE, NoBinaryFoundError).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { api, type AuthResponse, type ChatStatus } from '@reverie/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tinyModelPath } from '../apps/server/test/tiny-model.ts';
import { registerReadyUser } from './flows.ts';
import type { Harness } from './harness.ts';
import { findFreePort, operatorEnv, repoRoot } from './server-process.ts';

const STARTS = Number(process.env.STARTS ?? 10);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One busy loop per core, in child processes of their own (the test's event loop stays free). */
function busyCores(): ChildProcess[] {
  return Array.from({ length: os.availableParallelism() }, () =>
    spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore', detached: true }),
  );
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

interface Started {
  url: string;
  dataDir: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  child: ChildProcess;
}

async function npmStart(): Promise<Started> {
  const port = await findFreePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'reverie-npm-start-'));
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ['DATABASE_URL', 'REDIS_URL', 'WEB_DIST', 'NODE_OPTIONS', 'VITEST', 'VITEST_POOL_ID', 'VITEST_WORKER_ID'])
    delete env[key];
  Object.assign(env, {
    NODE_ENV: 'production',
    ...operatorEnv,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: url,
    LOG_LEVEL: 'warn',
    SEED_CONTENT: 'false',
    IMAGES_URL: 'http://127.0.0.1:9',
    LLM_PROVIDER: 'embedded',
    LLM_MODEL_PATH: tinyModelPath(1),
    LLM_CONTEXT_SIZE: '1024',
    LLM_THREADS: '1',
    LLM_GPU: 'false',
  });
  const child = spawn(process.execPath, ['scripts/start.mjs'], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let log = '';
  const append = (b: Buffer) => {
    log = (log + b.toString('utf8')).slice(-65_536);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { url, dataDir, output: () => log, exited, child };
}

async function waitHealthy(s: Started, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (s.child.exitCode !== null || s.child.signalCode !== null) throw new Error(`npm start exited early:\n${s.output()}`);
    if (Date.now() > deadline) throw new Error(`npm start did not answer /api/health in time:\n${s.output()}`);
    try {
      const res = await fetch(`${s.url}/api/health`, { signal: AbortSignal.timeout(3_000) });
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
}

/**
 * npm start, healthy. The port is reserved by binding and closing it, so another program (or the server's own
 * embedded PostgreSQL, which picks a free port the same way) can take it before the server binds it: the server then
 * says so and exits, and the start is made again on another port (the server's start is what this test is about).
 */
/** The start under way, killed by afterAll if the test ends early. */
let current: Started | undefined;

async function startHealthy(): Promise<Started> {
  for (let attempt = 1; ; attempt++) {
    const s = (current = await npmStart());
    try {
      await waitHealthy(s, 120_000);
      return s;
    } catch (err) {
      if (attempt >= 3 || !/is already in use/.test(s.output())) throw err;
      killGroup(s.child, 'SIGKILL');
      await s.exited;
      await rm(s.dataDir, { recursive: true, force: true, maxRetries: 3 });
    }
  }
}

/** The stream of one message as a client reads it: the event names and the reply's text. */
async function sendAndRead(url: string, auth: AuthResponse, characterId: string, content: string) {
  const res = await fetch(`${url}/api/chat/${characterId}/message`, {
    method: 'POST',
    headers: { authorization: `Bearer ${auth.accessToken}`, 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify({ content }),
    signal: AbortSignal.timeout(90_000),
  });
  const body = await res.text();
  const events = [...body.matchAll(/^event: (\w+)\ndata: (.*)$/gm)].map((m) => ({ event: m[1]!, data: JSON.parse(m[2]!) as unknown }));
  const text = events
    .filter((e) => e.event === 'token')
    .map((e) => (e.data as { text: string }).text)
    .join('');
  return { status: res.status, events, text, body };
}

describe('npm start with the embedded model on a busy machine', () => {
  let busy: ChildProcess[] = [];

  beforeAll(() => {
    tinyModelPath(1);
    busy = busyCores();
  });
  afterAll(async () => {
    for (const b of busy) killGroup(b, 'SIGKILL');
    if (current) killGroup(current.child, 'SIGKILL');
  });

  it(`starts ${STARTS} times in a row and answers a chat message every time`, { timeout: STARTS * 150_000 }, async () => {
    const results: string[] = [];
    for (let i = 1; i <= STARTS; i++) {
      const s = await startHealthy();
      try {
        const h = { server: { url: s.url, dataDir: s.dataDir } } as unknown as Harness;
        const suffix = `${Date.now().toString(36)}${i}`;
        const auth = await registerReadyUser(h, {
          email: `load_${suffix}@example.com`,
          username: `load_${suffix}`,
          password: 'busy-cores-42',
        });
        const status = (await (await fetch(`${s.url}${api.chat.status.path}`)).json()) as ChatStatus;
        expect(status.diagnosticCharacterId).toBeTruthy();
        const reply = await sendAndRead(s.url, auth, status.diagnosticCharacterId!, `Hello, start number ${i}.`);
        expect(reply.status, reply.body).toBe(200);
        expect(reply.events.map((e) => e.event)).toContain('done');
        expect(reply.events.map((e) => e.event)).not.toContain('error');
        expect(reply.text.trim().length, reply.body).toBeGreaterThan(0);
        // Nothing crashed on the way (the symptoms of the preload acting in node-llama-cpp's binary-test child).
        expect(s.output()).not.toMatch(/EPIPE|NoBinaryFoundError|uncaught/i);
        results.push(`start ${i}: ${reply.text.length} characters`);
      } finally {
        killGroup(s.child, 'SIGTERM');
        const timer = setTimeout(() => killGroup(s.child, 'SIGKILL'), 15_000);
        const { code, signal } = await s.exited;
        clearTimeout(timer);
        current = undefined;
        await rm(s.dataDir, { recursive: true, force: true, maxRetries: 3 });
        // npm start forwards SIGTERM and exits with the server's code after a graceful shutdown.
        expect({ code, signal }, s.output()).toEqual({ code: 0, signal: null });
      }
    }
    expect(results).toHaveLength(STARTS);
  });
});
