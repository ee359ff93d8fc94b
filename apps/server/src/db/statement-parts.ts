// Writes of different repositories in one statement. A chat message claims a free use of the plan (billing) and
// saves the message (chat) before its first token: as one statement they cost one round trip and one database
// process instead of two side by side, and they commit together.
//
// Each repository describes its write as a part: data-modifying CTEs (`db.$with`), the fields the final select answers
// from them, and a decoder for those fields. The parts are built once with `sql.placeholder(...)` values, so the
// combined statement is prepared once per handle like any hot query (prepared.ts). Part keys, CTE names,
// placeholder names and field names must not collide; a collision is refused when the statement is built.
import { sql, type SQL } from 'drizzle-orm';
import type { WithSubquery } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';
import { reusable, statementName } from './prepared.ts';

export interface StatementPart<T> {
  /** Names the part's shape (with the other parts' keys it names the prepared statement). */
  key: string;
  /** The part's CTEs and the fields the final select answers from them, built with placeholders. */
  build(db: DbOrTx): { ctes: WithSubquery[]; fields: Record<string, SQL> };
  /** Values for the part's placeholders. */
  values: Record<string, unknown>;
  decode(row: Record<string, unknown>): T;
}

export interface TogetherOptions {
  /**
   * Commit without waiting for the write-ahead log to reach the disk (PostgreSQL's asynchronous commit, for this
   * statement only): a database crash may lose the last fraction of a second of such writes, never half of one.
   */
  asyncCommit?: boolean;
}

type Decoded<P> = { [K in keyof P]: P[K] extends StatementPart<infer T> ? T : never };

/** Runs the parts as one statement (one implicit transaction): all of them happen, or none. */
export async function runTogether<const P extends readonly StatementPart<unknown>[]>(
  db: DbOrTx,
  parts: P,
  opts: TogetherOptions = {},
): Promise<Decoded<P>> {
  const key = `together_${parts.map((p) => p.key).join('_')}${opts.asyncCommit ? '_async' : ''}`;
  const query = reusable(db, key, () => {
    const ctes: WithSubquery[] = [];
    const fields: Record<string, SQL> = {};
    for (const part of parts) {
      const built = part.build(db);
      ctes.push(...built.ctes);
      for (const [name, field] of Object.entries(built.fields)) {
        if (name in fields) throw new Error(`Statement parts ${key}: the field "${name}" is answered twice`);
        fields[name] = field;
      }
    }
    const names = ctes.map((c) => c._.alias);
    if (new Set(names).size !== names.length) throw new Error(`Statement parts ${key}: CTE names collide (${names.join(', ')})`);
    if (opts.asyncCommit) {
      // Read in the final select, so it is evaluated; set for this statement's own transaction only.
      fields.asyncCommit = sql`set_config('synchronous_commit', 'off', true)`;
    }
    return db
      .with(...ctes)
      .select(fields)
      .from(sql`(select 1) as one`)
      .prepare(statementName(key));
  });
  const values: Record<string, unknown> = {};
  for (const part of parts) {
    for (const [name, value] of Object.entries(part.values)) {
      if (name in values) throw new Error(`Statement parts ${key}: the placeholder "${name}" is used twice`);
      values[name] = value;
    }
  }
  const [row] = (await query.execute(values)) as Record<string, unknown>[];
  return parts.map((p) => p.decode(row!)) as Decoded<P>;
}
