// Query plans of the statements a repository sends, for the tests that hold a read to what it may touch
// (db/*-plans.test.ts): each statement is captured as sent, then explained with ANALYZE on the same database.
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

const literal = (p: unknown): string =>
  p === null || p === undefined
    ? 'NULL'
    : typeof p === 'number'
      ? String(p)
      : Array.isArray(p)
        ? `ARRAY[${p.map(literal).join(',')}]`
        : `'${String(p).replace(/'/g, "''")}'`;

/** Rows each step of the plan touched in `table` (by a scan of the table or of one of its indexes), largest first. */
export function rowsRead(plan: PlanNode, table: string): Array<{ node: string; rows: number }> {
  const out: Array<{ node: string; rows: number }> = [];
  const visit = (n: PlanNode) => {
    if (n['Relation Name'] === table || n['Index Name']?.startsWith(`${table}_`)) {
      const rows = (n['Actual Rows'] + (n['Rows Removed by Filter'] ?? 0) + (n['Rows Removed by Index Recheck'] ?? 0)) * n['Actual Loops'];
      out.push({ node: `${n['Node Type']} ${n['Index Name'] ?? n['Relation Name']}`, rows });
    }
    n.Plans?.forEach(visit);
  };
  visit(plan);
  return out.sort((a, b) => b.rows - a.rows);
}

/**
 * The statements `run` sends through `db`, each explained with ANALYZE. The tables of a test are small enough for a
 * sequential scan to be cheapest, which they are not in life: planned as on large tables (`enable_seqscan` off), the
 * indexes are what the statements can use. A statement prepared earlier (db/prepared.ts) keeps the logger it was made
 * with and is not seen: run such a statement here first.
 */
export async function explained(db: Db, run: () => Promise<unknown>): Promise<PlanNode[]> {
  const captured: Array<{ query: string; params: unknown[] }> = [];
  const session = (db as unknown as { session: { logger: { logQuery(q: string, p: unknown[]): void } } }).session;
  const original = session.logger;
  session.logger = { logQuery: (query: string, params: unknown[]) => captured.push({ query, params }) };
  try {
    await run();
  } finally {
    session.logger = original;
  }
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const plans: PlanNode[] = [];
    for (const c of captured) {
      const inlined = c.params.reduce<string>((q, p, k) => q.replaceAll(new RegExp(`\\$${k + 1}(?!\\d)`, 'g'), literal(p)), c.query);
      const res = (await tx.execute(sql.raw(`explain (analyze, format json) ${inlined}`))) as unknown as {
        rows: Array<Record<string, unknown>>;
      };
      const raw = res.rows[0]!['QUERY PLAN'];
      const json = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>;
      plans.push(json[0]!.Plan);
    }
    return plans;
  });
}
