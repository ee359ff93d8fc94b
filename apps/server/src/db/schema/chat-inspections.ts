import { index, integer, jsonb, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { chatMessages, conversations } from './chat.ts';

/**
 * "Why this reply": the structure of one generated reply's prompt (part names and tokens, lorebook entries with the
 * key that triggered each, history counts, hashes to tell later edits) and the generation's numbers, one row per
 * reply alternative (swipe). Never the prompt's text; it goes with its message. Shape: modules/chat/inspector.
 */
export const chatReplyInspections = pgTable(
  'chat_reply_inspections',
  {
    messageId: uuid('message_id')
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    swipeIndex: integer('swipe_index').notNull(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.swipeIndex] }), index('chat_reply_inspections_conversation_idx').on(t.conversationId)],
);

export type ChatReplyInspectionRow = typeof chatReplyInspections.$inferSelect;
