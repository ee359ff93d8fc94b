import { asc, eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { categories, characters, type CategoryRow } from '../../db/schema/index.ts';
import { listed, qcol } from '../characters/characters.repo.ts';

export type { CategoryRow };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Categories (collections and tag categories), seeded as data. */
export class CategoriesRepo {
  constructor(private readonly db: DbOrTx) {}

  /** With each category's size and a cover (its most liked public character's portrait). */
  async list(kind?: 'collection' | 'tag-category') {
    const match = sql`(cardinality(${qcol(categories.tagNames)}) = 0 or ${qcol(characters.tagNames)} && ${qcol(categories.tagNames)})`;
    return this.db
      .select({
        category: categories,
        characterCount: sql<number>`(select count(*)::int from ${characters} where ${listed} and ${match})`,
        coverUrl: sql<
          string | null
        >`(select ${qcol(characters.thumbnailUrl)} from ${characters} where ${listed} and ${match} and ${qcol(characters.nsfw)} = false order by ${qcol(characters.likesCount)} desc limit 1)`,
      })
      .from(categories)
      .where(kind ? eq(categories.kind, kind) : undefined)
      .orderBy(asc(categories.position));
  }

  /** By id or slug. */
  async find(ref: string): Promise<CategoryRow | undefined> {
    const [row] = await this.db
      .select()
      .from(categories)
      .where(UUID.test(ref) ? or(eq(categories.id, ref), eq(categories.slug, ref)) : eq(categories.slug, ref.toLowerCase()));
    return row;
  }
}
