import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { tags } from '../../db/schema/index.ts';

export type TagRow = typeof tags.$inferSelect;

/** The tags table (seeded by db/seed/tags.ts). */
export class TagsRepo {
  constructor(private readonly db: DbOrTx) {}

  /** Tags in display order (category order, then name); `limit` 0 = all. */
  async list(filter: { category?: string; limit: number }): Promise<TagRow[]> {
    const query = this.db
      .select()
      .from(tags)
      .where(filter.category ? eq(tags.category, filter.category) : undefined)
      .orderBy(asc(tags.sortOrder), asc(tags.name));
    return filter.limit > 0 ? query.limit(filter.limit) : query;
  }

  async count(filter: { category?: string }): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(tags)
      .where(filter.category ? eq(tags.category, filter.category) : undefined);
    return row?.n ?? 0;
  }

  /** Which of these names exist. */
  async existingNames(names: string[]): Promise<Set<string>> {
    if (names.length === 0) return new Set();
    const rows = await this.db.select({ name: tags.name }).from(tags).where(inArray(tags.name, names));
    return new Set(rows.map((r) => r.name));
  }
}
