// One Drizzle database over three drivers: PGlite on disk (default), PGlite in memory (tests), PostgreSQL (scale-out).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Config } from '../config.ts';
import * as schema from './schema/index.ts';
import type { EmbeddedLog } from './embedded/open.ts'; // perf

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
    await migrate(drizzle(pool, { schema }), { migrationsFolder });
    return {
      db,
      driver: 'postgres',
      ping: async () => void (await db.execute(sql`select 1`)),
      close: () => pool.end(),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  // characters branch: search needs the pg_trgm contrib extension (CREATE EXTENSION in migration 0002_search).
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const extensions = { pg_trgm };
  let client: InstanceType<typeof PGlite>;
  if (config.kind === 'pglite-disk') {
    mkdirSync(config.dir, { recursive: true });
    client = await PGlite.create(config.dir, { extensions });
  } else {
    client = await PGlite.create(opts.pgliteTemplate ? { loadDataDir: opts.pgliteTemplate, extensions } : { extensions });
  }
  const pgliteDb = drizzle(client, { schema });
  await migrate(pgliteDb, { migrationsFolder });
  const db = pgliteDb as unknown as Db;
  return {
    db,
    driver: 'pglite',
    ping: async () => void (await db.execute(sql`select 1`)),
    close: () => client.close(),
    dump: () => client.dumpDataDir('none'),
  };
}
