// The inspector's rows: one per generated reply alternative, and a conversation's lorebook entries turned off.
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { WritePart } from '../../../db/combined-write.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { reusable, statementName } from '../../../db/prepared.ts';
import {
  allowanceUses,
  chatMessages,
  chatReplyInspections,
  conversations,
  type ChatMessageRow,
  type ChatReplyInspectionRow,
} from '../../../db/schema/index.ts';

export type { ChatReplyInspectionRow };

/** A reply's inspection to save: what went into it, and the key of its charge (null: free, nothing to read). */
export interface NewInspection {
  data: object;
  chargeKey: string | null;
}

/** What the charge turned out to be, read from billing's allowance use by its key (`{ outcome, coins }`, null without one). */
const chargeOf = (key: ReturnType<typeof sql.placeholder>) =>
  sql`(select jsonb_build_object('outcome', u.outcome, 'coins', u.cost) from ${allowanceUses} u where u.idempotency_key = ${key})`;

/**
 * A new reply's inspection as a part of a combined write (db/combined-write.ts), written with the reply itself
 * (`ChatRepo.insertReply`): the first alternative of a message written in the same statement.
 */
export function inspectionPart(i: NewInspection & { messageId: string; conversationId: string }): WritePart<void> {
  const p = (name: string) => sql.placeholder(`inspection_${name}`);
  return {
    key: 'chat_inspection',
    build: (db) => ({
      ctes: [
        db.$with('inspection_saved').as(
          db
            .insert(chatReplyInspections)
            .values({
              messageId: p('messageId'),
              swipeIndex: 0,
              conversationId: p('conversationId'),
              data: sql`${p('data')}::jsonb || jsonb_build_object('charge', ${chargeOf(p('chargeKey'))})`,
            })
            .returning({ messageId: chatReplyInspections.messageId }),
        ),
      ],
      fields: {},
    }),
    values: {
      inspection_messageId: i.messageId,
      inspection_conversationId: i.conversationId,
      inspection_data: JSON.stringify(i.data),
      inspection_chargeKey: i.chargeKey,
    },
    decode: () => undefined,
  };
}

export class InspectionsRepo {
  constructor(private readonly db: DbOrTx) {}

  /**
   * Saves (or replaces, for a continued alternative) a reply's inspection, with what its charge turned out to be read
   * from billing's allowance use in the same statement (`charge`: `{ outcome, coins }`, null without one).
   */
  async save(
    row: { messageId: string; swipeIndex: number; conversationId: string; data: object },
    chargeKey: string | null,
  ): Promise<void> {
    // Built once (db/prepared.ts): every reply saves one.
    const query = reusable(this.db, 'inspection_save', () => {
      const charge = chargeOf(sql.placeholder('chargeKey'));
      return this.db
        .insert(chatReplyInspections)
        .values({
          messageId: sql.placeholder('messageId'),
          swipeIndex: sql.placeholder('swipeIndex'),
          conversationId: sql.placeholder('conversationId'),
          data: sql`${sql.placeholder('data')}::jsonb || jsonb_build_object('charge', ${charge})`,
        })
        .onConflictDoUpdate({
          target: [chatReplyInspections.messageId, chatReplyInspections.swipeIndex],
          set: { data: sql`excluded.data`, createdAt: sql`now()` },
        })
        .prepare(statementName('inspection_save'));
    });
    await query.execute({ ...row, data: JSON.stringify(row.data), chargeKey });
  }

  async find(messageId: string, swipeIndex: number): Promise<ChatReplyInspectionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(chatReplyInspections)
      .where(and(eq(chatReplyInspections.messageId, messageId), eq(chatReplyInspections.swipeIndex, swipeIndex)));
    return row;
  }

  /** Turns an entry off (adds its id to the conversation's set) or on again; answers the set, undefined without the conversation. */
  async setLoreOff(conversationId: string, entryId: string, off: boolean): Promise<string[] | undefined> {
    const next = off
      ? sql`case when ${entryId} = any(${conversations.disabledLore}) then ${conversations.disabledLore} else array_append(${conversations.disabledLore}, ${entryId}::text) end`
      : sql`array_remove(${conversations.disabledLore}, ${entryId}::text)`;
    const [row] = await this.db
      .update(conversations)
      .set({ disabledLore: next })
      .where(eq(conversations.id, conversationId))
      .returning({ disabled: conversations.disabledLore });
    return row?.disabled;
  }

  /** The conversation's messages from `firstId` to `lastId` (both included), oldest first; empty when either is gone. */
  async messagesBetween(conversationId: string, firstId: string, lastId: string): Promise<ChatMessageRow[]> {
    const seqOf = (id: string) => sql`(select m.seq from ${chatMessages} m where m.id = ${id} and m.conversation_id = ${conversationId})`;
    return this.db
      .select()
      .from(chatMessages)
      .where(
        and(eq(chatMessages.conversationId, conversationId), gte(chatMessages.seq, seqOf(firstId)), lte(chatMessages.seq, seqOf(lastId))),
      )
      .orderBy(asc(chatMessages.seq));
  }
}
