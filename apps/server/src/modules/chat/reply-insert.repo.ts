// A reply saved as a new message, as a part of a combined write (db/combined-write.ts): the message, the conversation's
// activity and the end of the reply's progress row, beside the reply's inspection (inspector/inspections.repo.ts
// `inspectionPart`) when the inspector records one: `ChatRepo.insertReply`.
import { eq, sql } from 'drizzle-orm';
import type { WritePart } from '../../db/combined-write.ts';
import { jsonColumn, rowFromJson } from '../../db/json-row.ts';
import { chatMessages, chatReplyProgress, conversations, type ChatMessageRow } from '../../db/schema/index.ts';

export interface NewReply {
  id: string;
  conversationId: string;
  content: string;
  status: ChatMessageRow['status'];
  progressId: string;
  speakerId?: string | null;
  /** The character wrote it first (first-messages.ts). */
  unprompted?: boolean;
}

export interface InsertedReply {
  message: ChatMessageRow;
  /** The conversation's messages now, and how many its summary covers (whether a new summary is due). */
  messageCount: number;
  summarizedCount: number;
}

/** `read`: the user was still there at the end (the conversation counts as read). Undefined without the conversation. */
export function replyInsertPart(m: NewReply, read: boolean): WritePart<InsertedReply | undefined> {
  const p = (name: string) => sql.placeholder(`reply_${name}`);
  return {
    key: 'chat_reply',
    build: (db) => {
      const inserted = db.$with('reply_inserted').as(
        db
          .insert(chatMessages)
          .values({
            id: p('id'),
            conversationId: p('conversationId'),
            role: 'assistant',
            content: p('content'),
            swipes: sql`array[${p('content')}::text]`,
            status: p('status'),
            speakerId: sql`${p('speakerId')}::uuid`,
            unprompted: sql`${p('unprompted')}::boolean`,
          })
          .returning(),
      );
      const touched = db.$with('reply_touched').as(
        db
          .update(conversations)
          .set({
            messageCount: sql`${conversations.messageCount} + 1`,
            updatedAt: sql`now()`,
            lastReadAt: sql`case when ${p('read')}::boolean then now() else ${conversations.lastReadAt} end`,
          })
          .where(eq(conversations.id, p('conversationId')))
          .returning({ messageCount: conversations.messageCount, summarizedCount: conversations.summarizedCount }),
      );
      // The reply is written: its progress row goes with the same statement.
      const finished = db.$with('reply_finished').as(
        db
          .delete(chatReplyProgress)
          .where(eq(chatReplyProgress.id, p('progressId')))
          .returning({ id: chatReplyProgress.id }),
      );
      return {
        ctes: [inserted, touched, finished],
        fields: {
          reply: sql`(select row_to_json(r) from reply_inserted r)`,
          replyCounts: sql`(select row_to_json(t) from reply_touched t)`,
        },
      };
    },
    values: {
      reply_id: m.id,
      reply_conversationId: m.conversationId,
      reply_content: m.content,
      reply_status: m.status,
      reply_progressId: m.progressId,
      reply_speakerId: m.speakerId ?? null,
      reply_unprompted: m.unprompted ?? false,
      reply_read: read,
    },
    decode: (row) => {
      const message = jsonColumn(row.reply) as Record<string, unknown> | null;
      const counts = jsonColumn(row.replyCounts) as { message_count: number; summarized_count: number } | null;
      if (!message || !counts) return undefined;
      return { message: rowFromJson(chatMessages, message), messageCount: counts.message_count, summarizedCount: counts.summarized_count };
    },
  };
}
