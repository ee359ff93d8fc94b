// The crisis protocol's counts: one row a day per region, language and layer, incremented; read back per month for
// the operator's yearly report. There is no text, account or conversation here to read.
import { and, asc, gte, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { crisisCounts } from '../../db/schema/index.ts';

export interface CrisisCountKey {
  /** YYYY-MM-DD (UTC). */
  day: string;
  region: string;
  language: string;
  detectedBy: 'lexicon' | 'judge';
}

export interface CrisisMonthRow {
  /** YYYY-MM. */
  month: string;
  region: string;
  language: string;
  detectedBy: 'lexicon' | 'judge';
  count: number;
}

export class CrisisRepo {
  constructor(private readonly db: DbOrTx) {}

  async increment(key: CrisisCountKey): Promise<void> {
    await this.db
      .insert(crisisCounts)
      .values({ ...key, count: 1 })
      .onConflictDoUpdate({
        target: [crisisCounts.day, crisisCounts.region, crisisCounts.language, crisisCounts.detectedBy],
        set: { count: sql`${crisisCounts.count} + 1` },
      });
  }

  /** Every count of a calendar year (UTC), summed per month, region, language and layer. */
  async year(year: number): Promise<CrisisMonthRow[]> {
    const month = sql<string>`to_char(${crisisCounts.day}, 'YYYY-MM')`;
    return this.db
      .select({
        month,
        region: crisisCounts.region,
        language: crisisCounts.language,
        detectedBy: crisisCounts.detectedBy,
        count: sql<number>`sum(${crisisCounts.count})::int`,
      })
      .from(crisisCounts)
      .where(and(gte(crisisCounts.day, `${year}-01-01`), lt(crisisCounts.day, `${year + 1}-01-01`)))
      .groupBy(month, crisisCounts.region, crisisCounts.language, crisisCounts.detectedBy)
      .orderBy(asc(month), asc(crisisCounts.region), asc(crisisCounts.language), asc(crisisCounts.detectedBy));
  }
}
