import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** One reason of a refusal as kept: where and which rule, and a hash of the words it matched (never the words). */
export interface RefusalProblem {
  field: string;
  rule: string;
  start: number;
  end: number;
  /** SHA-256 (hex) of the matched words as written, so a review request's words can be checked without keeping them. */
  spanHash: string;
}

/**
 * Every refusal of a person's own text by the blocked-content policy (a card, a message, a prompt, a profile): what
 * "Ask for review" may cite. Kept with the account (deleted with it); the text itself is never kept.
 */
export const contentRefusals = pgTable(
  'content_refusals',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    surface: text('surface').notNull(),
    /** The character the refused card or chat belongs to, when the check named one. */
    characterId: uuid('character_id'),
    problems: jsonb('problems').$type<RefusalProblem[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When its author asked for a review (once per refusal). */
    reviewRequestedAt: timestamp('review_requested_at', { withTimezone: true }),
  },
  (t) => [index('content_refusals_user_idx').on(t.userId, t.createdAt)],
);
export type ContentRefusalRow = typeof contentRefusals.$inferSelect;
