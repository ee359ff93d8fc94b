// A user's message as the chat module's part of a combined write (db/combined-write.ts), beside the free use it
// claims: `ChatRepo.insertUserMessageClaiming`.
import { eq, sql } from 'drizzle-orm';
import type { WritePart } from '../../db/combined-write.ts';
import { jsonColumn } from '../../db/json-row.ts';
import { characters, chatMessages, chatReplyProgress, conversations, personas } from '../../db/schema/index.ts';
import type { NewReplyProgress } from './reply-progress.repo.ts';
import { shownMessageFromJson, type ShownMessageRow } from './shown-message.repo.ts';

/**
 * The message (written as `personaId`, the persona in force), the conversation's activity, the reply's progress row
 * and (first message) the character's chat count. Answers the message with its persona.
 */
export function userMessagePart({
  conversationId,
  content,
  personaId,
  countOn,
  progress,
  crisisCard,
}: {
  conversationId: string;
  content: string;
  personaId: string | null;
  countOn: string | null;
  progress: NewReplyProgress;
  /** The crisis card shown with it (the resources' key), or null. */
  crisisCard: string | null;
}): WritePart<ShownMessageRow> {
  const p = (name: string) => sql.placeholder(`message_${name}`);
  return {
    key: 'chat_user_message',
    build: (db) => {
      const inserted = db.$with('inserted').as(
        db
          .insert(chatMessages)
          .values({
            conversationId: p('conversationId'),
            role: 'user',
            content: p('content'),
            // The user's own persona, if it still exists: one deleted since the context was read leaves the message
            // without one (shown as the current persona) instead of failing the send on the foreign key.
            personaId: sql`(select ${personas.id} from ${personas}
              where ${personas.id} = ${p('personaId')}::uuid and ${personas.userId} = ${p('userId')}::uuid)`,
            crisisCard: sql`${p('crisisCard')}::text`,
          })
          .returning(),
      );
      const touched = db.$with('touched').as(
        db
          .update(conversations)
          .set({ messageCount: sql`${conversations.messageCount} + 1`, updatedAt: sql`now()`, lastReadAt: sql`now()` })
          .where(eq(conversations.id, p('conversationId')))
          .returning({ id: conversations.id }),
      );
      // A null id matches no character.
      const counted = db.$with('counted').as(
        db
          .update(characters)
          .set({ chatCount: sql`${characters.chatCount} + 1` })
          .where(sql`${characters.id} = ${p('countOn')}::uuid`)
          .returning({ id: characters.id }),
      );
      const progressed = progressCte(db, p);
      return {
        ctes: [inserted, touched, counted, progressed],
        fields: {
          message: sql`(select row_to_json(m) from (
            select inserted.*, coalesce(pe.name, ou.username) as persona_name,
              case when pe.id is not null then pe.avatar_url else ou.avatar_url end as persona_avatar_url
            from inserted left join ${personas} pe on pe.id = inserted.persona_id
              left join conversations oc on oc.id = inserted.conversation_id left join users ou on ou.id = oc.user_id) m)`,
        },
      };
    },
    values: {
      message_conversationId: conversationId,
      message_content: content,
      message_personaId: personaId,
      message_crisisCard: crisisCard,
      message_countOn: countOn,
      message_progressId: progress.id,
      message_userId: progress.userId,
      message_replyId: progress.replyId,
      message_chargeKey: progress.chargeKey,
      message_speakerId: progress.speakerId ?? null,
    },
    decode: (r) => shownMessageFromJson(jsonColumn(r.message) as Record<string, unknown>),
  };
}

type Db = Parameters<WritePart<ShownMessageRow>['build']>[0];
type Placeholder = (name: string) => ReturnType<typeof sql.placeholder>;

/** The reply's progress row (see chatReplyProgress), pointing at the message it answers (the `inserted` CTE). */
function progressCte(db: Db, p: Placeholder) {
  return db.$with('progressed').as(
    db
      .insert(chatReplyProgress)
      .select(
        db
          .select({
            id: sql`${p('progressId')}::uuid`.as('id'),
            conversationId: sql`${p('conversationId')}::uuid`.as('conversation_id'),
            userId: sql`${p('userId')}::uuid`.as('user_id'),
            kind: sql`'send'`.as('kind'),
            replyId: sql`${p('replyId')}::uuid`.as('reply_id'),
            userMessageId: sql`inserted.id`.as('user_message_id'),
            newReply: sql`true`.as('new_reply'),
            speakerId: sql`${p('speakerId')}::uuid`.as('speaker_id'),
            chargeKey: sql`${p('chargeKey')}::text`.as('charge_key'),
            text: sql`''`.as('text'),
            state: sql`'streaming'`.as('state'),
            heartbeatAt: sql`now()`.as('heartbeat_at'),
            createdAt: sql`now()`.as('created_at'),
          })
          .from(sql`inserted`),
      )
      .returning({ id: chatReplyProgress.id }),
  );
}
