import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { characters } from './characters.ts';
import { imageJobs } from './images.ts';
import { users } from './users.ts';

/** One conversation of a user with a character; a user may keep several per character. */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // Characters are soft-deleted, so the row (and its name) stays for this conversation.
    characterId: uuid('character_id')
      .notNull()
      .references(() => characters.id, { onDelete: 'cascade' }),
    /** The running summary written by the model every few messages (and editable by the user). */
    memorySummary: text('memory_summary').notNull().default(''),
    pinnedFacts: text('pinned_facts')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    memoryUpdatedAt: timestamp('memory_updated_at', { withTimezone: true }),
    /** How many messages the summary covers (the next summary starts after them). */
    summarizedCount: integer('summarized_count').notNull().default(0),
    messageCount: integer('message_count').notNull().default(0),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Last activity: a message sent, generated, edited or deleted. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('conversations_user_updated_idx').on(t.userId, t.updatedAt.desc().nullsFirst()),
    index('conversations_user_character_idx').on(t.userId, t.characterId, t.updatedAt.desc().nullsFirst()),
    index('conversations_character_idx').on(t.characterId),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** Order within the conversation (insertion order; timestamps can tie). */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    /** The current text: for a reply, swipes[swipeIndex]. */
    content: text('content').notNull(),
    swipes: text('swipes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    swipeIndex: integer('swipe_index').notNull().default(0),
    status: text('status', { enum: ['complete', 'incomplete', 'blocked'] })
      .notNull()
      .default('complete'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /** A picture the character sends: its generation job (images module). */
    imageJobId: uuid('image_job_id').references(() => imageJobs.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('chat_messages_conversation_seq_idx').on(t.conversationId, t.seq.desc()),
    check('chat_messages_role', sql`${t.role} in ('user', 'assistant')`),
    check('chat_messages_status', sql`${t.status} in ('complete', 'incomplete', 'blocked')`),
  ],
);

export type ConversationRow = typeof conversations.$inferSelect;
export type ChatMessageRow = typeof chatMessages.$inferSelect;
