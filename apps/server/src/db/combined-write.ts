// Writes of two modules' tables as one statement (data-modifying CTEs): a chat message and the free use it claims
// commit together in one round trip, instead of a transaction (BEGIN, two writes, COMMIT), which measured 4× slower
// on the chat benchmark. Only repositories call it; each module's repository builds its own part.
import { sql, type SQL } from 'drizzle-orm';
import type { WithSubquery } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';
import { reusable, statementName } from './prepared.ts';

/** One module's write: its CTEs and answered fields, built with `sql.placeholder(...)`, the values, a decoder. */
export interface WritePart<T> {
  /** Names the part's shape (the parts' keys name the prepared statement). */
  key: string;
  build(db: DbOrTx): { ctes: WithSubquery[]; fields: Record<string, SQL> };
  values: Record<string, unknown>;
  decode(row: Record<string, unknown>): T;
}

type Decoded<P> = { [K in keyof P]: P[K] extends WritePart<infer T> ? T : never };

/**
 * Runs the parts as one statement: all of them happen, or none. `asyncCommit`: the commit does not wait for the disk
 * (a database crash may lose the last fraction of a second of such writes, never half of one); never for money.
 * Names must not collide across parts (refused when the statement is built).
 */
export async function combinedWrite<const P extends readonly WritePart<unknown>[]>(
  db: DbOrTx,
  parts: P,
  opts: { asyncCommit?: boolean } = {},
): Promise<Decoded<P>> {
  const key = `together_${parts.map((p) => p.key).join('_')}${opts.asyncCommit ? '_async' : ''}`;
  const query = reusable(db, key, () => {
    const ctes: WithSubquery[] = [];
    const fields: Record<string, SQL> = {};
    for (const part of parts) {
      const built = part.build(db);
      ctes.push(...built.ctes);
      for (const [name, field] of Object.entries(built.fields)) {
        if (name in fields) throw new Error(`Combined write ${key}: the field "${name}" is answered twice`);
        fields[name] = field;
      }
    }
    const names = ctes.map((c) => c._.alias);
    if (new Set(names).size !== names.length) throw new Error(`Combined write ${key}: CTE names collide (${names.join(', ')})`);
    // Read in the final select, so it is evaluated; set for this statement's own transaction only.
    if (opts.asyncCommit) fields.asyncCommit = sql`set_config('synchronous_commit', 'off', true)`;
    return db
      .with(...ctes)
      .select(fields)
      .from(sql`(select 1) as one`)
      .prepare(statementName(key));
  });
  const values: Record<string, unknown> = {};
  for (const part of parts) {
    for (const [name, value] of Object.entries(part.values)) {
      if (name in values) throw new Error(`Combined write ${key}: the placeholder "${name}" is used twice`);
      values[name] = value;
    }
  }
  const [row] = (await query.execute(values)) as Record<string, unknown>[];
  return parts.map((p) => p.decode(row!)) as Decoded<P>;
}
