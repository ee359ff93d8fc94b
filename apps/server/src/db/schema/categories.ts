import { integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';

/** How a collection orders and narrows its characters; a tag category matches any of its tags. */
export interface CategoryRule {
  sort: 'popular' | 'new' | 'trending' | 'top-rated';
  /** Only characters created within this many days (e.g. "New"). */
  maxAgeDays?: number;
  /** Only characters with at least this many ratings (e.g. "Top rated"). */
  minRatings?: number;
}

export const categories = pgTable('categories', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  kind: text('kind', { enum: ['collection', 'tag-category'] }).notNull(),
  description: text('description').notNull().default(''),
  emoji: text('emoji').notNull().default(''),
  color: text('color').notNull().default('#a78bfa'),
  /** Characters with any of these tags belong (empty: every listed character). */
  tagNames: text('tag_names').array().notNull().default([]),
  rule: jsonb('rule').$type<CategoryRule>().notNull().default({ sort: 'popular' }),
  position: integer('position').notNull().default(0),
});
export type CategoryRow = typeof categories.$inferSelect;
