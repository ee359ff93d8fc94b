import { sql } from 'drizzle-orm';
import { boolean, check, customType, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { characters } from './characters.ts';
import { chatMessages, conversations } from './chat.ts';
import { chatGroups } from './groups.ts';
import { users } from './users.ts';

/** Raw bytes: a vector as little-endian float32 (modules/memory/vector.ts). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v.buffer, v.byteOffset, v.byteLength)),
});

/** A bit string of any length (`'0110…'`). */
const varbit = customType<{ data: string }>({ dataType: () => 'bit varying' });

/**
 * The meaning of each message (modules/memory): one vector per message and embedding model, written by the indexing
 * job after the message is saved. `content_hash` is md5 of the text embedded: an edit or a swipe changes the text, and
 * the trigger `chat_messages_embedding_stale` (migration 0040_recall_speed) deletes the row then, as when the message
 * is blocked, so the message is embedded again and every row recall reads is current; a deleted message, conversation
 * or account takes its rows with it (cascade).
 * `model` and `dimensions` keep vectors of different models apart (a query compares only its own model's). `signs`
 * has one bit per dimension, set where the vector is above zero: recall's first, coarse pass ranks a conversation's
 * vectors by it from an index alone and reads the full vectors of the best few (modules/memory/vector.ts).
 */
export const chatMessageEmbeddings = pgTable(
  'chat_message_embeddings',
  {
    messageId: uuid('message_id')
      .primaryKey()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    model: text('model').notNull(),
    dimensions: integer('dimensions').notNull(),
    contentHash: text('content_hash').notNull(),
    vector: bytea('vector').notNull(),
    signs: varbit('signs').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Recall's coarse pass reads chat_message_embeddings_recall_idx (migration 0040_recall_speed, by hand: drizzle
    // cannot say INCLUDE): (conversation_id, model) INCLUDE (dimensions, message_id, signs), an index-only scan.
    // Erasing an account deletes its rows by user (the cascade looks them up here).
    index('chat_message_embeddings_user_idx').on(t.userId),
  ],
);

/**
 * The journal of memories (modules/memory/journal*): short facts about the user, the relationship and events, kept per
 * user and character (one-to-one chats) or per user and group (group chats), so every conversation with that
 * character or group shares them. Written by the user or by the model every few replies (`source`), with the ids of
 * the messages a fact came from (no foreign key: a deleted message leaves the fact). Deleting the account, the
 * character or the group deletes them (cascade).
 */
export const memoryJournal = pgTable(
  'memory_journal',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    characterId: uuid('character_id').references(() => characters.id, { onDelete: 'cascade' }),
    groupId: uuid('group_id').references(() => chatGroups.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    pinned: boolean('pinned').notNull().default(false),
    source: text('source', { enum: ['model', 'user'] }).notNull(),
    messageIds: uuid('message_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('memory_journal_user_character_idx')
      .on(t.userId, t.characterId, t.createdAt.desc())
      .where(sql`${t.characterId} is not null`),
    index('memory_journal_user_group_idx')
      .on(t.userId, t.groupId, t.createdAt.desc())
      .where(sql`${t.groupId} is not null`),
    check('memory_journal_owner', sql`(${t.characterId} is null) <> (${t.groupId} is null)`),
    check('memory_journal_source', sql`${t.source} in ('model', 'user')`),
  ],
);
