// The embedded PostgreSQL cluster in DATA_DIR/postgres: prepare (binaries, user, folders), initdb on first
// start, clean up our own orphan, start under the supervisor on a free loopback port, stop with a timeout.
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readSync, renameSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { socketDir } from './socket.ts';
import { checkBinaries, hydrateLibraryLinks, locateBinaries, type PgBinaries, type RunAs } from './binaries.ts';
import { EmbeddedStartFailed, EmbeddedUnavailable } from './errors.ts';
import { initCluster } from './initdb.ts';
import { cleanUpOrphan } from './orphan.ts';
import { ensurePostgresUser, PG_USER } from './os-user.ts';
import { DEFAULT_SHARED_ROOT, placeCluster, reachableBinaries } from './placement.ts';

const SUPERVISOR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'supervisor.mjs');
const DATABASE = 'reverie';
const LOG_ROTATE_BYTES = 10 * 1024 * 1024;

export interface EmbeddedOptions {
  /** DATA_DIR; the cluster lives in DATA_DIR/postgres, its log in DATA_DIR/postgres.log */
  dataDir: string;
  log?: (msg: string) => void;
  /** How long stop() waits for a fast shutdown before an immediate one. */
  stopTimeoutMs?: number;
  startTimeoutMs?: number;
  /** PostgreSQL stopped on its own after it was ready (crash, killed by someone). */
  onUnexpectedExit?: (msg: string) => void;
  /** Where binaries and data go when the postgres user cannot reach the checkout or DATA_DIR (placement.ts). */
  sharedRoot?: string;
  /** Sentences worth a warning (not info): data placed outside DATA_DIR. */
  warn?: (msg: string) => void;
  /** Tests: binaries other than the installed package's. */
  binaries?: PgBinaries;
}

export interface EmbeddedPostgres {
  /** On loopback TCP, for any client (the server's own pool: socket.ts). */
  url: string;
  port: number;
  major: number;
  /** The cluster's data folder: DATA_DIR/postgres, or a folder under the shared root (placement.ts). */
  pgdata: string;
  /** Startup phases and their durations (ms), for the first-start printout. */
  phases: [string, number][];
  supervisorPid: number;
  postgresPid: number;
  /** Fast shutdown, immediate after the timeout. Idempotent. */
  stop(): Promise<void>;
}

export function clusterDir(dataDir: string) {
  return path.join(dataDir, 'postgres');
}
export function logFile(dataDir: string) {
  return path.join(dataDir, 'postgres.log');
}

/** The last `lines` lines of PostgreSQL's log, for error messages. */
export function logTail(dataDir: string, lines = 15): string {
  const file = logFile(dataDir);
  try {
    const size = statSync(file).size;
    const len = Math.min(size, 16_384);
    const buf = Buffer.alloc(len);
    const fd = openSync(file, 'r');
    try {
      readSync(fd, buf, 0, len, size - len);
    } finally {
      closeSync(fd);
    }
    return buf.toString('utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no PostgreSQL log yet)';
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

interface Supervised {
  child: ChildProcess;
  postgresPid: number;
}

function startSupervised(
  bins: PgBinaries,
  pgdata: string,
  dataDir: string,
  port: number,
  runAs: RunAs,
  stopTimeoutMs: number,
  timeoutMs: number,
) {
  const file = logFile(dataDir);
  try {
    if (statSync(file).size > LOG_ROTATE_BYTES) renameSync(file, `${file}.1`);
  } catch {
    // no log yet
  }
  const args = [
    '-c',
    'listen_addresses=127.0.0.1',
    // TCP on loopback always; a Unix socket in the cluster's folder too (socket.ts), for the server's own pool.
    '-c',
    `unix_socket_directories=${socketDir(pgdata, port) ?? ''}`,
    '-c',
    'unix_socket_permissions=0700',
    '-c',
    'max_connections=50',
  ];
  const child = fork(
    SUPERVISOR,
    [JSON.stringify({ postgres: bins.postgres, dataDir: pgdata, port, logFile: file, ...runAs, args, stopTimeoutMs })],
    {
      execArgv: [],
      // Plain JS: no loader hooks or preloads from the server's NODE_OPTIONS.
      env: { ...process.env, NODE_OPTIONS: '' },
      // Own process group: a Ctrl-C in the terminal reaches the server, which then stops the database in order.
      detached: true,
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    },
  );
  return new Promise<Supervised>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new EmbeddedStartFailed(`PostgreSQL did not become ready within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    child.on('message', (msg: { type: string; pid?: number; code?: number | null; error?: string }) => {
      if (msg.type === 'ready') {
        clearTimeout(timer);
        resolve({ child, postgresPid: msg.pid! });
      } else if (msg.type === 'exit') {
        clearTimeout(timer);
        reject(new EmbeddedStartFailed(`PostgreSQL exited during start (code ${msg.code ?? 'none'}${msg.error ? `, ${msg.error}` : ''})`));
      }
    });
    child.on('exit', () => {
      clearTimeout(timer);
      reject(new EmbeddedStartFailed('the PostgreSQL supervisor exited during start'));
    });
  });
}

async function createAppDatabase(url: string) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url.replace(/\/[^/]*$/, '/postgres') });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [DATABASE]);
    if (found.rowCount === 0) await client.query(`create database ${DATABASE}`);
  } finally {
    await client.end();
  }
}

function readPassword(dataDir: string): string {
  // Same place and mode as the app's other secrets (lib/secrets.ts).
  const dir = path.join(dataDir, 'secrets');
  const file = path.join(dir, 'postgres.password');
  try {
    const text = readFileSync(file, 'utf8').trim();
    if (text.length >= 16) return text;
  } catch {
    // first start
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const password = randomBytes(24).toString('base64url');
  writeFileSync(file, password, { mode: 0o600 });
  return password;
}

/** Startup phases and their durations (ms): `phase(name)` ends the phase called `name` now. */
function phaseClock() {
  const phases: [string, number][] = [];
  let t = performance.now();
  const phase = (name: string) => {
    const now = performance.now();
    phases.push([name, Math.round(now - t)]);
    t = now;
  };
  return { phases, phase };
}

/** The binaries as the postgres user can reach them, the user PostgreSQL runs as, and the binaries' major version. */
function prepareBinaries(options: EmbeddedOptions, sharedRoot: string, log: (msg: string) => void) {
  const installed = options.binaries ?? locateBinaries();
  const failedLinks = hydrateLibraryLinks(installed.packageDir);
  const runAs = ensurePostgresUser(log);
  const bins = reachableBinaries(installed, runAs, sharedRoot, log);
  try {
    return { bins, runAs, major: checkBinaries(bins, runAs, PG_USER) };
  } catch (err) {
    if (failedLinks.length && err instanceof EmbeddedUnavailable && !/not reachable/.test(err.message)) {
      throw new EmbeddedUnavailable(`${err.message} (could not create ${failedLinks.join(', ')})`);
    }
    throw err;
  }
}

/** Refuses a data folder made by another major version of PostgreSQL than the binaries'. */
function assertSameMajor(pgdata: string, versionFile: string, major: number) {
  const dataMajor = Number(readFileSync(versionFile, 'utf8').trim());
  if (dataMajor !== major) {
    throw new EmbeddedStartFailed(
      `${pgdata} was created by PostgreSQL ${dataMajor} but the embedded binaries are PostgreSQL ${major}; ` +
        `dump it with PostgreSQL ${dataMajor} (pg_dumpall) and restore into a new folder, or set DATABASE_URL`,
    );
  }
}

/** A later start: the data folder must be PostgreSQL's user's, and an orphan of an earlier run must go. */
async function checkDataFolder(pgdata: string, bins: PgBinaries, runAs: RunAs, log: (msg: string) => void) {
  // The folder must belong to the user PostgreSQL runs as (a copy or restore as root breaks that).
  const st = statSync(pgdata);
  if (runAs.uid !== undefined && st.uid !== runAs.uid) {
    throw new EmbeddedStartFailed(`${pgdata} belongs to uid ${st.uid}, not to "${PG_USER}": run \`chown -R ${PG_USER}: ${pgdata}\``);
  }
  await cleanUpOrphan(pgdata, bins, log);
}

/** Starts PostgreSQL under the supervisor on a free loopback port; a second port when the first was taken meanwhile. */
async function startOnFreePort(
  bins: PgBinaries,
  pgdata: string,
  dataDir: string,
  runAs: RunAs,
  stopTimeoutMs: number,
  startTimeoutMs: number,
): Promise<Supervised & { port: number }> {
  let supervised: Supervised | undefined;
  let port = 0;
  for (let attempt = 0; attempt < 2 && !supervised; attempt++) {
    port = await freePort();
    try {
      supervised = await startSupervised(bins, pgdata, dataDir, port, runAs, stopTimeoutMs, startTimeoutMs);
    } catch (err) {
      // Another program took the port between our check and PostgreSQL's bind: try once more.
      if (attempt === 0 && /could not bind|Address already in use/i.test(logTail(dataDir, 5))) continue;
      throw new EmbeddedStartFailed(`${(err as Error).message}\nLast lines of ${logFile(dataDir)}:\n${logTail(dataDir)}`);
    }
  }
  if (!supervised) throw new EmbeddedStartFailed(`PostgreSQL could not start\n${logTail(dataDir)}`);
  return { ...supervised, port };
}

/** Reports to `onUnexpectedExit` when PostgreSQL stops on its own after it was ready. */
function watchUnexpectedExit(child: ChildProcess, options: EmbeddedOptions) {
  child.on('message', (msg: { type: string; code?: number | null; signal?: string | null }) => {
    if (msg.type === 'exit') {
      options.onUnexpectedExit?.(
        `the embedded PostgreSQL stopped unexpectedly (code ${msg.code ?? 'none'}, signal ${msg.signal ?? 'none'}); see ${logFile(options.dataDir)}`,
      );
    }
  });
}

/** The cluster's stop(): fast shutdown through the supervisor, immediate after the timeout. Idempotent. */
function stopperOf(child: ChildProcess, stopTimeoutMs: number): () => Promise<void> {
  let stopped: Promise<void> | undefined;
  return () =>
    (stopped ??= new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      // Referenced again while stopping: a caller awaiting stop() (a script whose last work this is) must not see
      // its event loop run empty, and exit, before the supervisor reports that PostgreSQL is down.
      child.ref();
      (child.channel as { ref?: () => void } | undefined)?.ref?.();
      // Our own bound around the supervisor's: never hang the server's exit.
      const bound = setTimeout(() => {
        child.kill('SIGKILL');
        resolve();
      }, stopTimeoutMs + 5_000);
      child.once('exit', () => {
        clearTimeout(bound);
        resolve();
      });
      if (child.connected) child.send({ type: 'stop' });
      else child.kill('SIGTERM');
    }));
}

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedPostgres> {
  const log = options.log ?? (() => {});
  const { dataDir } = options;
  const sharedRoot = options.sharedRoot ?? DEFAULT_SHARED_ROOT;
  const { phases, phase } = phaseClock();

  const { bins, runAs, major } = prepareBinaries(options, sharedRoot, log);
  phase('binaries');

  // DATA_DIR private by default (0700); the postgres user gets search-only access through its group.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const { pgdata, notice } = placeCluster(dataDir, runAs, sharedRoot, log);
  if (notice) (options.warn ?? log)(notice);

  const versionFile = path.join(pgdata, 'PG_VERSION');
  if (existsSync(versionFile)) assertSameMajor(pgdata, versionFile, major);
  const password = readPassword(dataDir);
  const firstStart = !existsSync(versionFile);
  if (firstStart) {
    await initCluster(bins, pgdata, password, runAs, major, log);
    phase('initdb');
  } else {
    await checkDataFolder(pgdata, bins, runAs, log);
    phase('check data folder');
  }

  const stopTimeoutMs = options.stopTimeoutMs ?? 5_000;
  const { child, postgresPid, port } = await startOnFreePort(bins, pgdata, dataDir, runAs, stopTimeoutMs, options.startTimeoutMs ?? 60_000);
  phase('start postgres');

  const url = `postgres://${PG_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`;
  if (firstStart) {
    await createAppDatabase(url);
    phase('create database');
  }

  watchUnexpectedExit(child, options);
  const stop = stopperOf(child, stopTimeoutMs);
  // The server must not wait on these handles to exit; the supervisor watches the link instead.
  child.unref();
  (child.channel as { unref?: () => void } | undefined)?.unref?.();

  return { url, port, major, pgdata, phases, supervisorPid: child.pid!, postgresPid, stop };
}
