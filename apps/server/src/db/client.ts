// One Drizzle database over three drivers: PGlite on disk (default), PGlite in memory (tests), PostgreSQL (scale-out).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Client as PgClient } from 'pg';
import type { Config } from '../config.ts';
import * as schema from './schema/index.ts';
import type { EmbeddedLog } from './embedded/open.ts'; // perf
import { redactQueryErrors } from './query-errors.ts';
import { listenPostgres, type ChannelListener, type Unlisten } from './listen.ts';

// A failed query's error never carries its parameter values (db/query-errors.ts).
redactQueryErrors();

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the same query API as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Human-readable mode for the startup line, e.g. "embedded PostgreSQL 18 (…/postgres)". */
  description?: string;
  ping(): Promise<void>;
  /**
   * Runs `fn` while this process holds the startup lock (PostgreSQL: a session advisory lock on a connection of its
   * own), so that processes starting together migrate and seed one at a time. PGlite has one process: `fn` just runs.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /** NOTIFY on `channel`, from any process, reaches `listener` (db/listen.ts). */
  listen(channel: string, listener: ChannelListener): Promise<Unlisten>;
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball (used to make test templates). */
  dump?: () => Promise<Blob>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface OpenOptions {
  /** In-memory PGlite only: start from this data directory dump instead of running initdb (test speed). */
  pgliteTemplate?: Blob;
  /** Errors of idle pooled connections (server restart, admin termination); without a listener they would crash the process. */
  onIdleError?: (err: Error) => void;
  /** Startup and fallback messages of the embedded PostgreSQL. */
  log?: EmbeddedLog;
  /** Another release's migrations (tests of rolling restarts); default: this release's. */
  migrationsFolder?: string;
  /** PGlite only: load pgvector (VECTOR_INDEX=hnsw, db/vector-index.ts). */
  pgvector?: boolean;
}

/** The advisory lock every Reverie process takes to migrate and seed (one number for the whole database). */
const STARTUP_LOCK = "hashtext('reverie.startup')";

/**
 * Holds the startup lock on `client` (its own connection: the pool may be as small as one) while `fn` runs. The lock
 * ends with the session, so a process killed while holding it frees it at once.
 */
async function underStartupLock<T>(client: PgClient, fn: () => Promise<T>, log?: Pick<EmbeddedLog, 'info'>): Promise<T> {
  // A broken connection fails the query below; without a listener its 'error' event would end the process.
  client.on('error', () => {});
  await client.connect();
  try {
    const { rows } = await client.query(`select pg_try_advisory_lock(${STARTUP_LOCK}) as got`);
    if (!rows[0]?.got) {
      log?.info('database: another process is migrating or seeding; waiting for it to finish');
      await client.query(`select pg_advisory_lock(${STARTUP_LOCK})`);
    }
    return await fn();
  } finally {
    // Ending the session releases the lock (also when fn failed).
    await client.end().catch(() => {});
  }
}

export async function openDatabase(config: Config['database'], opts: OpenOptions = {}): Promise<Database> {
  if (config.kind === 'embedded') {
    // perf: embedded PostgreSQL, then the postgres branch below with its URL (or PGlite on disk as fallback)
    const { openEmbedded } = await import('./embedded/open.ts');
    const quiet = { info: () => {}, warn: () => {}, error: () => {} };
    return openEmbedded(config, (c) => openDatabase(c, opts), opts.log ?? quiet);
  }
  if (config.kind === 'postgres') {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    // Each request's reads go out side by side (a chat message sends five at once), so the pool is sized for bursts.
    const pool = new pg.Pool({ connectionString: config.url, max: config.poolSize ?? 20 });
    pool.on('error', (err) => opts.onIdleError?.(err));
    const db = drizzle(pool, { schema }) as unknown as Db;
    const exclusive = <T>(fn: () => Promise<T>) => underStartupLock(new pg.Client({ connectionString: config.url }), fn, opts.log);
    try {
      await exclusive(() => migrate(drizzle(pool, { schema }), { migrationsFolder: opts.migrationsFolder ?? migrationsFolder }));
    } catch (err) {
      await pool.end().catch(() => {});
      throw err;
    }
    return {
      db,
      driver: 'postgres',
      ping: async () => void (await db.execute(sql`select 1`)),
      exclusive,
      listen: (channel, listener) => listenPostgres(config.url, channel, listener, opts.log ?? console),
      close: () => pool.end(),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  // characters branch: search needs the pg_trgm contrib extension (CREATE EXTENSION in migration 0002_search).
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  // pgvector only when recall is to use it here (VECTOR_INDEX=hnsw; db/vector-index.ts creates it at start). Loaded
  // always, it made PGlite spin forever in a chat-search EXPLAIN test (db/chat-search-plans.test.ts), as btree_gin did.
  const extensions: Record<string, typeof pg_trgm> = { pg_trgm };
  if (opts.pgvector) extensions.vector = (await import('@electric-sql/pglite-pgvector')).vector;
  let client: InstanceType<typeof PGlite>;
  if (config.kind === 'pglite-disk') {
    mkdirSync(config.dir, { recursive: true });
    client = await PGlite.create(config.dir, { extensions });
  } else {
    client = await PGlite.create(opts.pgliteTemplate ? { loadDataDir: opts.pgliteTemplate, extensions } : { extensions });
  }
  const pgliteDb = drizzle(client, { schema });
  await migrate(pgliteDb, { migrationsFolder: opts.migrationsFolder ?? migrationsFolder });
  const db = pgliteDb as unknown as Db;
  return {
    db,
    driver: 'pglite',
    ping: async () => void (await db.execute(sql`select 1`)),
    exclusive: (fn) => fn(),
    listen: async (channel, listener) => {
      const unlisten = await client.listen(channel, (payload) => listener.onNotify(payload));
      listener.onState(true);
      return async () => {
        listener.onState(false);
        if (!client.closed) await unlisten();
      };
    },
    // Idempotent: a test may close the handle to play an outage before the app closes it.
    close: async () => void (client.closed ? undefined : await client.close()),
    dump: () => client.dumpDataDir('none'),
  };
}
