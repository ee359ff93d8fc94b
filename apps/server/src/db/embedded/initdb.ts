// First start: a fresh data folder for the cluster, made by initdb as the user PostgreSQL runs as.
import { spawn } from 'node:child_process';
import { chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PgBinaries, RunAs } from './binaries.ts';
import { EmbeddedStartFailed, EmbeddedUnavailable } from './errors.ts';
import { PG_USER } from './os-user.ts';

function runInitdb(bins: PgBinaries, pgdata: string, password: string, runAs: RunAs): Promise<void> {
  // initdb reads the password from a file the postgres user can read; keep it private and short-lived.
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'reverie-pw-'));
  const pwFile = path.join(tmp, 'pw');
  writeFileSync(pwFile, `${password}\n`, { mode: 0o600 });
  if (runAs.uid !== undefined) {
    chownSync(tmp, runAs.uid, runAs.gid!);
    chownSync(pwFile, runAs.uid, runAs.gid!);
  }
  const args = [
    `--pgdata=${pgdata}`,
    '--auth=scram-sha-256',
    `--username=${PG_USER}`,
    `--pwfile=${pwFile}`,
    '--encoding=UTF8',
    // Unicode-aware character classes without ICU or OS locales: full-text search and pg_trgm behave the
    // same on every machine.
    '--locale-provider=builtin',
    '--builtin-locale=C.UTF-8',
    '--locale=C',
  ];
  return new Promise<void>((resolve, reject) => {
    // cwd: initdb looks up its working folder, which may be closed to the postgres user (a checkout in /root).
    const child = spawn(bins.initdb, args, { ...runAs, cwd: path.dirname(pgdata), env: { ...process.env, LC_MESSAGES: 'C', LC_ALL: 'C' } });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', (err) => reject(new EmbeddedUnavailable(`cannot run initdb: ${err.message}`)));
    child.on('exit', (code) => {
      rmSync(tmp, { recursive: true, force: true });
      if (code === 0) return resolve();
      const detail = out.trim().split('\n').slice(-8).join('\n');
      const Err = /shared librar|cannot be run as root|Permission denied/i.test(out) ? EmbeddedUnavailable : EmbeddedStartFailed;
      reject(new Err(`initdb failed (exit code ${code}):\n${detail}`));
    });
  });
}

/** Creates the cluster in `pgdata` (emptied first) with the superuser's `password`. */
export async function initCluster(
  bins: PgBinaries,
  pgdata: string,
  password: string,
  runAs: RunAs,
  major: number,
  log: (msg: string) => void,
) {
  // An initdb interrupted before PG_VERSION leaves nothing worth keeping.
  rmSync(pgdata, { recursive: true, force: true });
  mkdirSync(pgdata, { mode: 0o700 });
  if (runAs.uid !== undefined) chownSync(pgdata, runAs.uid, runAs.gid!);
  log(`creating the embedded PostgreSQL ${major} database in ${pgdata}`);
  await runInitdb(bins, pgdata, password, runAs);
}
