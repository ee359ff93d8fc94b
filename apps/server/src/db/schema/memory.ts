import { customType, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { chatMessages, conversations } from './chat.ts';
import { users } from './users.ts';

/** Raw bytes: a vector as little-endian float32 (modules/memory/vector.ts). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v.buffer, v.byteOffset, v.byteLength)),
});

/**
 * The meaning of each message (modules/memory): one vector per message and embedding model, written by the indexing
 * job after the message is saved. `content_hash` is md5 of the text embedded: an edit or a swipe changes the text, so
 * the row is stale and embedded again; a deleted message, conversation or account takes its rows with it (cascade).
 * `model` and `dimensions` keep vectors of different models apart (a query compares only its own model's).
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chat_message_embeddings_conversation_idx').on(t.conversationId, t.model),
    // Erasing an account deletes its rows by user (the cascade looks them up here).
    index('chat_message_embeddings_user_idx').on(t.userId),
  ],
);
