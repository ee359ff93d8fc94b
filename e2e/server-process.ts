// Starts the REAL server (`node --import apps/server/typescript.mjs apps/server/src/main.ts`) as a child process on a free
// loopback port with a fresh temporary DATA_DIR (embedded PostgreSQL, as `npm start`). Shared by the e2e harness and the bench.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** How the server runs its TypeScript (apps/server/typescript.mjs), by full URL: forked children inherit the flag. */
const typescript = pathToFileURL(path.join(repoRoot, 'apps/server/typescript.mjs')).href;

export interface ServerProcess {
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  /** Milliseconds from spawn until GET /api/health first answered 200. */
  coldStartMs: number;
  /** The server's combined stdout/stderr so far (last ~64 KB). */
  output(): string;
  /** SIGTERM to the process group (SIGKILL after 10 s), then removes the temp DATA_DIR. Idempotent. */
  stop(): Promise<void>;
}

export interface StartServerOptions {
  /** Extra environment variables for the server (applied last). */
  env?: Record<string, string>;
  /** Health-check timeout; default 120 s (two journeys and their browsers share two cores in CI). */
  timeoutMs?: number;
  /** Flags for node itself, before the entry point (e.g. --cpu-prof, which NODE_OPTIONS refuses). */
  nodeArgs?: string[];
  /** A DATA_DIR to reuse (a restart after a crash); stop() leaves it for the caller. Default: a fresh temp dir. */
  dataDir?: string;
  /**
   * A stopped server's DATA_DIR to copy into the fresh temp dir (its embedded database already created and migrated),
   * so the server skips initdb, creating the database and the migrations. Default: $REVERIE_DATA_TEMPLATE, which the
   * e2e tier's global set-up makes once per run (e2e/global-setup.ts); none outside it.
   */
  template?: string;
}

/**
 * A port that was free a moment ago, for a server that listens on it a few seconds later. Chosen below the kernel's
 * range for outgoing connections' own ports (`ip_local_port_range`, 32768–60999 by default): a port from that range
 * (what listening on port 0 gives) can be taken meanwhile as the source port of any connection to PostgreSQL, Redis
 * or a peer on this machine, and the server's listen then fails with "Address already in use" (seen once in the
 * cluster tier's nginx). Tried at random below the range, then port 0 as before.
 */
export async function findFreePort(): Promise<number> {
  const low = outgoingPortsStart();
  for (let attempt = 0; attempt < 20; attempt++) {
    const port = low - 1 - Math.floor(Math.random() * Math.min(16_384, low - 1025));
    if (await listensOn(port)) return port;
  }
  const port = await listensOn(0);
  if (!port) throw new Error('could not find a free port');
  return port;
}

/** The first port the kernel gives outgoing connections (32768 when it cannot be read). */
function outgoingPortsStart(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > 2048 ? low : 32_768;
  } catch {
    return 32_768;
  }
}

/** Listens on `port` (0: any) on 127.0.0.1 and closes again: the port it got, or 0 when it was taken. */
function listensOn(port: number): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.unref();
    srv.once('error', () => resolve(0));
    srv.listen(port, '127.0.0.1', () => {
      const addr = srv.address();
      const got = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(got));
    });
  });
}

/** `cp -a`, not fs.cp: the database folder must keep its owner (the postgres user) and its 0700 mode. */
function copyDataDir(from: string, to: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const cp = spawn('cp', ['-a', `${from}/.`, to], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    cp.stderr.on('data', (c: Buffer) => (err += c.toString()));
    cp.once('error', reject);
    cp.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`copying the data template ${from} failed: ${err.trim()}`))));
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
  }
}

// Servers still running when this process exits are killed, so an aborted run leaves nothing behind.
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) killGroup(child, 'SIGKILL');
});

/** Production refuses to start without the operator facts the legal pages print: test servers name a made-up one. */
export const operatorEnv = {
  OPERATOR_NAME: 'Reverie Test Operator',
  OPERATOR_ADDRESS: '1 Test Street, Testville',
  OPERATOR_EMAIL: 'operator@reverie.test',
  DMCA_AGENT: 'Test Agent',
  GOVERNING_LAW: 'the laws of Testland',
};

export async function startServer(options: StartServerOptions = {}): Promise<ServerProcess> {
  const timeoutMs = options.timeoutMs ?? 120_000;
  const port = await findFreePort();
  const ownDir = !options.dataDir;
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'reverie-e2e-')));
  const template = options.dataDir ? undefined : (options.template ?? process.env.REVERIE_DATA_TEMPLATE);
  if (template) await copyDataDir(template, dataDir);
  const url = `http://127.0.0.1:${port}`;

  const env: NodeJS.ProcessEnv = { ...process.env };
  // The default database (embedded PostgreSQL) under the temp DATA_DIR and in-process limits, whatever the outer environment says.
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.WEB_DIST;
  delete env.REVERIE_DATA_TEMPLATE;
  Object.assign(env, {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: url,
    LOG_LEVEL: 'warn',
    // The catalogue seed (rows, then ~1 min of portrait rendering) only where a journey needs it: discovery.e2e.ts.
    SEED_CONTENT: 'false',
    // No first-start model download from these throwaway servers: chat journeys point LLM_* at the tiny GGUF or a
    // local peer; everything else gets a model source that fails at once (the chat then answers 503).
    LLM_MODEL_URL: 'http://127.0.0.1:9/no-model-in-tests.gguf',
    // Nor of the embedding model: recall works by words unless a journey points EMBEDDING_* at a model.
    EMBEDDING_MODEL_URL: 'http://127.0.0.1:9/no-embedding-model-in-tests.gguf',
    // Nor voice: the default engines (embedded) download their models on first use; voice journeys point SPEECH_* and
    // TRANSCRIPTION_* at a local peer, and the Listen and call buttons stay out of every other journey's pages.
    SPEECH_PROVIDER: 'off',
    TRANSCRIPTION_PROVIDER: 'off',
    // The default image backend (AI Horde) stays the provider, but at an address that refuses at once: no journey
    // reaches the internet; images journeys point IMAGES_* at a local peer.
    IMAGES_URL: 'http://127.0.0.1:9',
    // No CDN in front of these servers sets a region: unknown regions stay open here (production asks for an age
    // check there); the age-assurance journey sends its own region header through a trusted loopback hop.
    AGE_ASSURANCE_UNKNOWN: 'open',
    ...operatorEnv,
    ...options.env,
  });

  const started = performance.now();
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', typescript, 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Own process group, so stop() can kill the server and anything it spawns.
    detached: true,
  });
  running.add(child);

  let log = '';
  const append = (chunk: Buffer) => {
    log += chunk.toString('utf8');
    if (log.length > 65_536) log = log.slice(-65_536);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let spawnError: Error | undefined;
  child.once('error', (err) => (spawnError = err));

  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      killGroup(child, 'SIGTERM');
      const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 10_000);
      if (child.exitCode === null && child.signalCode === null) await exited;
      clearTimeout(timer);
      running.delete(child);
      if (ownDir) await rm(dataDir, { recursive: true, force: true, maxRetries: 3 });
    })());

  const fail = async (why: string): Promise<never> => {
    const output = log.trim() || '(no output)';
    await stop();
    throw new Error(`Server did not become healthy: ${why}\n--- server output ---\n${output}\n---------------------`);
  };

  const deadline = Date.now() + timeoutMs;
  let lastError = '';
  for (;;) {
    if (spawnError) return fail(`spawn failed: ${spawnError.message}`);
    if (child.exitCode !== null || child.signalCode !== null) {
      return fail(`the process exited early (code ${child.exitCode ?? 'none'}, signal ${child.signalCode ?? 'none'})`);
    }
    if (Date.now() > deadline) return fail(`GET ${url}/api/health did not answer 200 within ${timeoutMs / 1000} s (${lastError})`);
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.status === 200) break;
      lastError = `last status ${res.status}`;
    } catch (err) {
      lastError = err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err);
    }
    await sleep(100);
  }
  const coldStartMs = performance.now() - started;

  return { url, port, dataDir, child, coldStartMs, output: () => log, stop };
}
