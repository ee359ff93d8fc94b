import { boolean, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';

export const tags = pgTable('tags', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  displayName: text('display_name').notNull(),
  emoji: text('emoji').notNull(),
  color: text('color').notNull(),
  isNsfw: boolean('is_nsfw').notNull().default(false),
  category: text('category').notNull(),
  /** Data only (product.md §5: not enforced). null = no limit. */
  categoryMaxSelections: integer('category_max_selections'),
  categoryRequired: boolean('category_required').notNull().default(false),
  sortOrder: integer('sort_order').notNull().default(0),
});
