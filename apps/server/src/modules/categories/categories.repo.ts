import { asc, eq, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { categories, characterLikes, characters, favorites, type CategoryRow } from '../../db/schema/index.ts';
import { listed, qcol, TRENDING_DAYS } from '../characters/characters.repo.ts';

export type { CategoryRow };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Categories (collections and tag categories), seeded as data. */
export class CategoriesRepo {
  constructor(private readonly db: DbOrTx) {}

  /** With each category's size and a cover (its most liked public character's portrait). */
  async list(kind?: 'collection' | 'tag-category') {
    // The category's rule, as the characters feed applies it: tags, age, ratings and (trending) recent likes or favorites.
    const rule = qcol(categories.rule);
    const match = sql`(cardinality(${qcol(categories.tagNames)}) = 0 or ${qcol(characters.tagNames)} && ${qcol(categories.tagNames)})
      and (${rule}->>'maxAgeDays' is null or ${qcol(characters.createdAt)} >= now() - make_interval(days => (${rule}->>'maxAgeDays')::int))
      and (${rule}->>'minRatings' is null or ${qcol(characters.ratingCount)} >= (${rule}->>'minRatings')::int)
      and (${rule}->>'sort' <> 'trending' or exists (select 1 from ${characterLikes} where ${qcol(characterLikes.characterId)} = ${qcol(characters.id)}
        and ${qcol(characterLikes.createdAt)} >= now() - make_interval(days => ${TRENDING_DAYS})) or exists (select 1 from ${favorites}
        where ${qcol(favorites.characterId)} = ${qcol(characters.id)} and ${qcol(favorites.createdAt)} >= now() - make_interval(days => ${TRENDING_DAYS})))`;
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
