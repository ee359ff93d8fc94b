// A PostgreSQL left running on our data folder by an earlier run: find it from postmaster.pid and stop it.
import { readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PgBinaries } from './binaries.ts';
import { EmbeddedStartFailed } from './errors.ts';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function commandLine(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return undefined;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A PostgreSQL left running by a server that was killed together with its supervisor keeps postmaster.pid
 * and blocks the next start. If the pid in that file is our postgres binary on our data folder, stop it;
 * if the pid is dead or belongs to an unrelated program (pid reuse), remove the stale file. A PostgreSQL
 * of someone else on this folder is refused.
 */
export async function cleanUpOrphan(pgdata: string, bins: PgBinaries, log: (msg: string) => void): Promise<void> {
  const pidFile = path.join(pgdata, 'postmaster.pid');
  let text: string;
  try {
    text = readFileSync(pidFile, 'utf8');
  } catch {
    return;
  }
  const pid = Number(text.split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) {
    rmSync(pidFile, { force: true });
    return;
  }
  const cmd = commandLine(pid);
  if (cmd === undefined && os.platform() !== 'linux') {
    throw new EmbeddedStartFailed(`a PostgreSQL (pid ${pid}) is still running on ${pgdata}; stop it and start again`);
  }
  if (!cmd || !cmd.includes('postgres')) {
    rmSync(pidFile, { force: true });
    return;
  }
  if (!cmd.startsWith(bins.postgres) || !cmd.includes(pgdata)) {
    throw new EmbeddedStartFailed(`another PostgreSQL (pid ${pid}: ${cmd.trim()}) is running on ${pgdata}; stop it first`);
  }
  log(`stopping an orphaned embedded PostgreSQL (pid ${pid}) left by an earlier run`);
  const signals: [NodeJS.Signals, number][] = [
    ['SIGINT', 10_000],
    ['SIGQUIT', 3_000],
    ['SIGKILL', 2_000],
  ];
  for (const [signal, wait] of signals) {
    try {
      process.kill(pid, signal);
    } catch {
      break;
    }
    const until = Date.now() + wait;
    while (alive(pid) && Date.now() < until) await sleep(50);
    if (!alive(pid)) break;
  }
  if (alive(pid)) throw new EmbeddedStartFailed(`could not stop the orphaned PostgreSQL (pid ${pid})`);
  rmSync(pidFile, { force: true });
}
