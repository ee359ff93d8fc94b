import { TAG_CATEGORIES, tagDisplayName } from '@reverie/shared';
import type { Db } from '../client.ts';
import { tags } from '../schema/index.ts';

/** Seeds the SPEC §3 tag set as real rows; idempotent (existing names are left as they are). */
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
  await db.insert(tags).values(rows).onConflictDoNothing({ target: tags.name });
}
