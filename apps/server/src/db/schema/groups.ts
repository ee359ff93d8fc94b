import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { characters } from './characters.ts';
import { conversations } from './chat.ts';
import { users } from './users.ts';

/**
 * A group chat: the user and 2–8 characters sharing one conversation (`conversation_id`, flagged `is_group`), so
 * swipes, regenerate, continue, edits, memory and recovery work as in a one-to-one chat.
 */
export const chatGroups = pgTable(
  'chat_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scenario: text('scenario').notNull().default(''),
    turnMode: text('turn_mode', { enum: ['natural', 'round_robin', 'manual'] })
      .notNull()
      .default('natural'),
    /** Deleting the conversation deletes the group. */
    conversationId: uuid('conversation_id')
      .notNull()
      .unique()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** Characters skipped since the last reply: the turn order passes them over (cleared by the next reply). */
    skipped: uuid('skipped')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chat_groups_user_idx').on(t.userId),
    check('chat_groups_turn_mode', sql`${t.turnMode} in ('natural', 'round_robin', 'manual')`),
  ],
);

/** A character in a group; `removed_at` set when it left (its earlier messages keep its name). */
export const chatGroupMembers = pgTable(
  'chat_group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => chatGroups.id, { onDelete: 'cascade' }),
    characterId: uuid('character_id')
      .notNull()
      .references(() => characters.id, { onDelete: 'cascade' }),
    /** Turn order (round-robin) and display order. */
    position: integer('position').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.characterId] })],
);

export type ChatGroupRow = typeof chatGroups.$inferSelect;
export type ChatGroupMemberRow = typeof chatGroupMembers.$inferSelect;
