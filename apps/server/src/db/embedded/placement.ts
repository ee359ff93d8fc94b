// Where the embedded PostgreSQL's binaries and data live when the server runs as root and the checkout (or
// DATA_DIR) sits in a folder the `postgres` user cannot enter — a clone in /root, or any `mkdir -m 700` folder.
// Opening the user's folder to others is not ours to do, so both move to a place that user can reach:
//   binaries: SHARED_ROOT/binaries/<package version>-<platform>-<arch>/native  (a copy, made once, read-only to others)
//   data:     SHARED_ROOT/clusters/<random id>                                   (owned by `postgres`, 0700)
// DATA_DIR/postgres.location names the data folder, so the cluster follows DATA_DIR (a moved checkout keeps its
// database; a deleted DATA_DIR starts a new one and leaves the old folder to delete by hand).
import { randomBytes } from 'node:crypto';
import { chmodSync, cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { firstClosedFolder, hydrateLibraryLinks, type PgBinaries, type RunAs } from './binaries.ts';
import { EmbeddedUnavailable } from './errors.ts';
import { ensureReachable, PG_USER } from './os-user.ts';

/** The documented place (docs/databases.md) for what cannot stay in the checkout. */
export const DEFAULT_SHARED_ROOT = '/var/lib/reverie/embedded-postgres';

export function locationFile(dataDir: string): string {
  return path.join(dataDir, 'postgres.location');
}

function packageVersion(packageDir: string): string {
  try {
    const { version } = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version?: string };
    if (version && /^[\w.+-]+$/.test(version)) return version;
  } catch {
    // no package.json: fall through
  }
  return 'unknown';
}

/** A folder `runAs` can enter, made if missing, never opened wider than search + read for others. */
function ensureOpenFolder(dir: string, runAs: RunAs): void {
  const first = mkdirSync(dir, { recursive: true, mode: 0o755 });
  // A root umask like 077 would close what was just made: open each new folder for search + read.
  for (let d = dir; first && d.startsWith(first); d = path.dirname(d)) chmodSync(d, 0o755);
  const blocked = firstClosedFolder(path.join(dir, 'x'), runAs);
  if (blocked) {
    throw new EmbeddedUnavailable(
      `the system user "${PG_USER}" cannot enter ${blocked}, where the binaries and data of a checkout closed to it go`,
    );
  }
}

/**
 * Binaries the `postgres` user cannot reach (they live below a closed folder): copy the package's `native/`
 * once per version into the shared root and use the copy. Copied to a temporary name and renamed, so two
 * processes starting together never see half a copy.
 */
export function reachableBinaries(bins: PgBinaries, runAs: RunAs, sharedRoot: string, log: (msg: string) => void): PgBinaries {
  const blocked = firstClosedFolder(bins.postgres, runAs);
  if (!blocked) return bins;
  const name = `${packageVersion(bins.packageDir)}-${path.basename(bins.packageDir)}`;
  const target = path.join(sharedRoot, 'binaries', name);
  const native = path.join(target, 'native');
  if (!existsSync(path.join(native, 'bin', path.basename(bins.postgres)))) {
    ensureOpenFolder(path.dirname(target), runAs);
    const tmp = `${target}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
    try {
      cpSync(path.join(bins.packageDir, 'native'), path.join(tmp, 'native'), { recursive: true, verbatimSymlinks: true });
      chmodSync(tmp, 0o755);
      renameSync(tmp, target);
      log(`${blocked} is closed to the system user "${PG_USER}": copied the PostgreSQL binaries to ${target}`);
    } catch (err) {
      rmSync(tmp, { recursive: true, force: true });
      // Another process finished the same copy first: use it.
      if (!existsSync(path.join(native, 'bin', path.basename(bins.postgres)))) {
        throw new EmbeddedUnavailable(
          `${blocked} is closed to "${PG_USER}" and copying the binaries to ${target} failed: ${(err as Error).message}`,
        );
      }
    }
  }
  hydrateLibraryLinks(target);
  return {
    packageDir: target,
    postgres: path.join(native, 'bin', path.basename(bins.postgres)),
    initdb: path.join(native, 'bin', path.basename(bins.initdb)),
    libDir: path.join(native, 'lib'),
  };
}

export interface ClusterPlace {
  /** The cluster's data folder (PGDATA). */
  pgdata: string;
  /** Set when the data had to live outside DATA_DIR: the sentence the server prints at every start. */
  notice?: string;
}

/**
 * DATA_DIR/postgres when `runAs` can reach DATA_DIR (opening DATA_DIR itself to the postgres group for search
 * only, as before); otherwise a folder of its own under the shared root, recorded in DATA_DIR/postgres.location.
 */
export function placeCluster(dataDir: string, runAs: RunAs, sharedRoot: string, log: (msg: string) => void): ClusterPlace {
  const recorded = readLocation(dataDir);
  const blocked = firstClosedFolder(dataDir, runAs);
  if (!recorded && !blocked) {
    ensureReachable(dataDir, runAs, log);
    return { pgdata: path.join(dataDir, 'postgres') };
  }
  let pgdata = recorded;
  if (!pgdata) {
    // Created (0700, owned by postgres) by the first start's initdb step; recorded first so it is never lost.
    const clusters = path.join(sharedRoot, 'clusters');
    ensureOpenFolder(clusters, runAs);
    pgdata = path.join(clusters, randomBytes(6).toString('hex'));
    writeFileSync(locationFile(dataDir), `${pgdata}\n`, { mode: 0o600 });
  }
  return {
    pgdata,
    notice:
      `DATA_DIR ${dataDir} is closed to the system user "${PG_USER}"${blocked ? ` (${blocked})` : ''}, so the embedded ` +
      `PostgreSQL keeps its data in ${pgdata} (recorded in ${locationFile(dataDir)}; delete both to start over)`,
  };
}

function readLocation(dataDir: string): string | undefined {
  try {
    const text = readFileSync(locationFile(dataDir), 'utf8').trim();
    return text && path.isAbsolute(text) ? text : undefined;
  } catch {
    return undefined;
  }
}

/** Whether DATA_DIR has an embedded cluster, in it or elsewhere. */
export function hasCluster(dataDir: string): boolean {
  return existsSync(path.join(dataDir, 'postgres')) || readLocation(dataDir) !== undefined;
}
