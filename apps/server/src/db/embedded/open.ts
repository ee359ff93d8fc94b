// DATABASE_URL unset: a real PostgreSQL in DATA_DIR/postgres, reached through the same node-postgres path
// as an external one. Falls back to PGlite on disk (one warning line) where the binaries cannot run.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Database } from '../client.ts';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './cluster.ts';
import { EmbeddedUnavailable } from './errors.ts';
import { hasCluster } from './placement.ts';
import { socketUrlOf } from './socket.ts';

export interface EmbeddedConfig {
  kind: 'embedded';
  dataDir: string;
  /** Where the PGlite fallback keeps its files. */
  pgliteDir: string;
  /** Connections the server keeps to it (DATABASE_POOL_SIZE). */
  poolSize?: number;
}

type OpenFn = (config: { kind: 'postgres'; url: string; poolSize?: number } | { kind: 'pglite-disk'; dir: string }) => Promise<Database>;

export interface EmbeddedLog {
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string): void;
}

function stayOnPglite(config: EmbeddedConfig) {
  return existsSync(path.join(config.pgliteDir, 'PG_VERSION')) && !hasCluster(config.dataDir);
}

interface EarlyStart {
  started: Promise<EmbeddedPostgres>;
  at: number;
  /** Messages until openEmbedded attaches the app's logger. */
  pending: { level: 'info' | 'warn' | 'error'; msg: string }[];
  log?: EmbeddedLog;
}
const early = new Map<string, EarlyStart>();

/**
 * Starts the embedded PostgreSQL right away, before the app's modules are even loaded (main.ts), so the
 * database start overlaps with module loading; openEmbedded then picks the running cluster up.
 */
export function prestartEmbedded(config: { kind: string }): void {
  if (config.kind !== 'embedded') return;
  const c = config as EmbeddedConfig;
  if (early.has(c.dataDir) || stayOnPglite(c)) return;
  const entry: EarlyStart = { at: performance.now(), pending: [], started: undefined as unknown as Promise<EmbeddedPostgres> };
  const emit = (level: 'info' | 'warn' | 'error', msg: string) => (entry.log ? entry.log[level](msg) : entry.pending.push({ level, msg }));
  entry.started = startEmbeddedPostgres({
    dataDir: c.dataDir,
    log: (m) => emit('info', m),
    warn: (m) => emit('warn', m),
    onUnexpectedExit: (m) => emit('error', m),
  });
  // Consumed (and reported) by openEmbedded; never an unhandled rejection meanwhile.
  entry.started.catch(() => {});
  early.set(c.dataDir, entry);
}

export async function openEmbedded(config: EmbeddedConfig, open: OpenFn, log: EmbeddedLog): Promise<Database> {
  if (stayOnPglite(config)) {
    log.info(
      `database: staying on the PGlite data in ${config.pgliteDir} from an earlier version ` +
        `(move that folder away to start fresh on the embedded PostgreSQL, or set DATABASE_URL=pglite://${config.pgliteDir})`,
    );
    return describe(await open({ kind: 'pglite-disk', dir: config.pgliteDir }), `PGlite on disk (${config.pgliteDir})`);
  }
  const pre = early.get(config.dataDir);
  early.delete(config.dataDir);
  if (pre) {
    pre.log = log;
    for (const { level, msg } of pre.pending) log[level](msg);
  }
  const started = pre?.at ?? performance.now();
  let pg;
  try {
    pg = await (pre?.started ??
      startEmbeddedPostgres({
        dataDir: config.dataDir,
        log: (m) => log.info(m),
        warn: (m) => log.warn(m),
        onUnexpectedExit: (m) => log.error(m),
      }));
  } catch (err) {
    if (!(err instanceof EmbeddedUnavailable)) throw err;
    log.warn(
      `embedded PostgreSQL unavailable: ${err.message}. Falling back to PGlite on disk in ${config.pgliteDir} (slower; see docs/databases.md).`,
    );
    return describe(await open({ kind: 'pglite-disk', dir: config.pgliteDir }), `PGlite on disk (${config.pgliteDir}, fallback)`);
  }
  let db: Database;
  try {
    const t = performance.now();
    db = await open({ kind: 'postgres', url: socketUrlOf(pg.url, pg.pgdata, pg.port) ?? pg.url, poolSize: config.poolSize });
    pg.phases.push(['connect + migrate', Math.round(performance.now() - t)]);
  } catch (err) {
    await pg.stop();
    throw err;
  }
  const phases = pg.phases.map(([name, ms]) => `${name} ${ms} ms`).join(', ');
  log.info(`embedded PostgreSQL ${pg.major} ready on 127.0.0.1:${pg.port} in ${Math.round(performance.now() - started)} ms (${phases})`);
  return {
    ...describe(db, `embedded PostgreSQL ${pg.major} (${pg.pgdata})`),
    // Shutdown order: the caller has drained HTTP; close the pool, then stop the database.
    close: async () => {
      try {
        await db.close();
      } finally {
        await pg.stop();
      }
    },
  };
}

function describe(db: Database, description: string): Database {
  return Object.assign(db, { description });
}
