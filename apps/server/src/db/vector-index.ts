// pgvector, where the database has it (issue 41): recall ranks a conversation's vectors in the database by cosine
// distance, served by an HNSW index per vector size, instead of a shortlist by signs ranked in the process.
//
// Detected at start on PostgreSQL (PGlite only with VECTOR_INDEX=hnsw, see openVectorIndex): the `vector` extension
// installed, or available and created here. Then `chat_message_embeddings.embedding` (type `vector`, no fixed size:
// models of different sizes share the table, and `dimensions` keeps them apart) is added if missing. The column and
// the indexes are made here and not in a migration, because a PostgreSQL without pgvector has no such type. Without
// pgvector (or VECTOR_INDEX=off) nothing changes: the column is absent and recall ranks in the process (modules/memory).
import { sql } from 'drizzle-orm';
import type { ProviderHealth, ProviderStatus } from '../providers/health.ts';
import type { Database } from './client.ts';

export type VectorIndexMode = 'auto' | 'hnsw' | 'off';

export interface VectorIndex extends ProviderHealth {
  /** pgvector is in use: vectors are written to `embedding` too, and recall ranks in the database. */
  readonly enabled: boolean;
  /** pgvector ≥ 0.8: an HNSW scan filtered to one conversation goes on until it has enough rows (iterative scans). */
  readonly iterative: boolean;
  /** Vectors copied into `embedding` a statement: few where the database runs on the server's own thread (PGlite). */
  readonly copyBatch: number;
  /** Makes sure an HNSW index serves vectors of this size (once per size and process; built without blocking writes). */
  ensureIndex(dimensions: number): Promise<void>;
}

interface Log {
  info(msg: string): void;
  warn(msg: string): void;
}

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

/** The largest vector an HNSW index takes (pgvector's limit for `vector`). */
export const HNSW_MAX_DIMENSIONS = 2000;

const PGLITE =
  "PGlite: recall ranks a shortlist in the process (pgvector's work would run on the server's own thread; VECTOR_INDEX=hnsw uses it)";

/** Reads what the database offers and sets up the column; never fails the start (pgvector is an extra). */
export async function openVectorIndex(
  database: Pick<Database, 'db' | 'exclusive' | 'driver'>,
  o: { mode: VectorIndexMode; log: Log },
): Promise<VectorIndex> {
  if (o.mode === 'off') return inProcess('VECTOR_INDEX=off: recall ranks a shortlist in the process');
  // PGlite runs in the server's own thread, so its work is the server's: an HNSW index there costs ~20 ms of it per
  // vector written (256 dimensions, 2 cores) and 27 s to build over 20,000, and ranking a 10,000-message conversation
  // exactly in it was slower than the shortlist (bench:memory). Only when asked (VECTOR_INDEX=hnsw: the tests).
  if (database.driver === 'pglite' && o.mode !== 'hnsw') return inProcess(PGLITE);
  try {
    const version = await database.exclusive(() => setUp(database.db));
    if (!version) return inProcess('pgvector is not installed in this database: recall ranks a shortlist in the process');
    o.log.info(`recall: pgvector ${version} in the database; vectors ranked there, with an HNSW index per vector size`);
    return new PgVectorIndex(database.db, { version, copyBatch: database.driver === 'pglite' ? 50 : 500 }, o.log);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    o.log.warn(`recall: pgvector could not be set up (${reason}); recall ranks a shortlist in the process`);
    return inProcess(`pgvector could not be set up (${reason}): recall ranks a shortlist in the process`);
  }
}

/** The extension's version once the column exists, or undefined when the database has no pgvector to offer. */
async function setUp(db: Database['db']): Promise<string | undefined> {
  let [installed] = rowsOf<{ v: string }>(await db.execute(sql`select extversion as v from pg_extension where extname = 'vector'`));
  if (!installed) {
    const available = rowsOf(await db.execute(sql`select 1 from pg_available_extensions where name = 'vector'`));
    if (available.length === 0) return undefined;
    // Needs the right to create it (a superuser, or a trusted extension's database owner); else the catch above says so.
    await db.execute(sql`create extension if not exists vector`);
    [installed] = rowsOf<{ v: string }>(await db.execute(sql`select extversion as v from pg_extension where extname = 'vector'`));
  }
  await db.execute(sql`alter table chat_message_embeddings add column if not exists embedding vector`);
  // The rows not copied into `embedding` yet (written before pgvector, or by a process that had not seen it): recall
  // asks for a conversation's at every reply, and this index is empty once the copy is done.
  await db.execute(sql`create index if not exists chat_message_embeddings_unconverted_idx
    on chat_message_embeddings (conversation_id, model) where embedding is null`);
  return installed?.v;
}

function inProcess(detail: string): VectorIndex {
  return {
    name: 'vectorIndex',
    kind: 'in-process',
    enabled: false,
    iterative: false,
    copyBatch: 0,
    ensureIndex: async () => {},
    health: async () => ({ status: 'ok', detail }),
  };
}

class PgVectorIndex implements VectorIndex {
  readonly name = 'vectorIndex';
  readonly kind = 'pgvector';
  readonly enabled = true;
  readonly iterative: boolean;
  readonly copyBatch: number;
  private readonly version: string;
  private readonly indexed = new Map<number, Promise<void>>();

  constructor(
    private readonly db: Database['db'],
    o: { version: string; copyBatch: number },
    private readonly log: Log,
  ) {
    const [major = 0, minor = 0] = o.version.split('.').map(Number);
    this.version = o.version;
    this.copyBatch = o.copyBatch;
    this.iterative = major > 0 || minor >= 8;
  }

  ensureIndex(dimensions: number): Promise<void> {
    if (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > HNSW_MAX_DIMENSIONS) return Promise.resolve();
    let done = this.indexed.get(dimensions);
    if (!done) {
      done = this.create(dimensions).catch((err: unknown) => {
        // Another process building the same index at once, or a database that refuses: recall still ranks in SQL.
        this.indexed.delete(dimensions);
        this.log.warn(`recall: the HNSW index for ${dimensions}-dimension vectors was not built (${(err as Error).message})`);
      });
      this.indexed.set(dimensions, done);
    }
    return done;
  }

  /** Built `concurrently`: writes go on meanwhile. A build that failed half-way leaves an invalid index: it is rebuilt. */
  private async create(d: number): Promise<void> {
    const name = `chat_message_embeddings_hnsw_${d}`;
    const found = await this.db.execute(sql`select i.indisvalid as valid from pg_index i join pg_class c on c.oid = i.indexrelid
      where c.relname = ${name}`);
    const [existing] = rowsOf<{ valid: boolean }>(found);
    if (existing?.valid) return;
    if (existing) await this.db.execute(sql`drop index concurrently if exists ${sql.raw(name)}`);
    const size = sql.raw(String(d));
    await this.db.execute(sql`create index concurrently if not exists ${sql.raw(name)} on chat_message_embeddings
      using hnsw ((embedding::vector(${size})) vector_cosine_ops) where dimensions = ${size} and embedding is not null`);
  }

  async health(): Promise<ProviderStatus> {
    const sizes = [...this.indexed.keys()].sort((a, b) => a - b);
    const built = sizes.length ? `HNSW for ${sizes.join(', ')} dimensions` : 'HNSW built with the first vectors';
    return { status: 'ok', detail: `pgvector ${this.version}: recall ranks in the database (${built})` };
  }
}
