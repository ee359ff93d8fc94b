import { boolean, jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** How a user's replies are read aloud (#42): one row once they change anything; no row = the defaults. */
export const speechSettings = pgTable('speech_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  autoPlay: boolean('auto_play').notNull().default(false),
  dialogueOnly: boolean('dialogue_only').notNull().default(false),
  skipActions: boolean('skip_actions').notNull().default(true),
  /** The user's own voice for a character: character id → voice id (over the creator's choice). */
  voices: jsonb('voices').$type<Record<string, string>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
