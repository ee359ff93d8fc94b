// DATABASE_URL, read once: which database the server opens (db/client.ts opens it).
import path from 'node:path';
import { StartupError } from '../lib/startup-error.ts';

export type DatabaseConfig =
  | { kind: 'pglite-disk'; dir: string }
  | { kind: 'pglite-memory' }
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'embedded'; dataDir: string; pgliteDir: string; poolSize?: number }; // perf: embedded PostgreSQL (db/embedded/)

/**
 * Unset: embedded PostgreSQL in DATA_DIR/postgres (falling back to PGlite in DATA_DIR/pglite). `memory://`: PGlite in
 * memory. `pglite:///abs/path`: PGlite on disk. `postgres://…`: PostgreSQL.
 */
export function parseDatabaseUrl(value: string | undefined, dataDir: string, poolSize: number): DatabaseConfig {
  const url = value?.trim();
  if (!url) return { kind: 'embedded', dataDir, pgliteDir: path.join(dataDir, 'pglite'), poolSize };
  if (url === 'memory://') return { kind: 'pglite-memory' };
  if (url.startsWith('pglite://') && url.length > 'pglite://'.length)
    return { kind: 'pglite-disk', dir: path.resolve(url.slice('pglite://'.length)) };
  if (/^postgres(ql)?:\/\//.test(url)) return { kind: 'postgres', url, poolSize };
  throw new StartupError('Invalid configuration: DATABASE_URL must be memory://, pglite:///path or postgres://…');
}
