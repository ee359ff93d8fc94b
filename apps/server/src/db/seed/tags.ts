import { TAG_CATEGORIES, tagDisplayName } from '@reverie/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { tags } from '../schema/index.ts';

/** Seeds the product.md §3 tag set as real rows; idempotent. Existing rows keep everything but their display name. */
export async function seedTags(db: Db): Promise<void> {
  const seen = new Set<string>();
  const rows: (typeof tags.$inferInsert)[] = [];
  let order = 0;
  for (const c of TAG_CATEGORIES) {
    for (const name of c.tags) {
      order += 1;
      if (seen.has(name)) continue;
      seen.add(name);
      rows.push({
        name,
        displayName: tagDisplayName(name),
        emoji: c.emoji,
        color: c.color,
        isNsfw: name === 'nsfw',
        category: c.category,
        categoryMaxSelections: c.maxSelections,
        categoryRequired: c.required,
        sortOrder: order,
      });
    }
  }
  await db
    .insert(tags)
    .values(rows)
    .onConflictDoUpdate({
      target: tags.name,
      set: { displayName: sql`excluded.display_name` },
      setWhere: sql`${tags.displayName} <> excluded.display_name`,
    });
}
