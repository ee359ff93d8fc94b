// Characters that write first (first-messages.ts): the per-conversation setting, the conversations whose pause has
// run out, and the claim that lets exactly one process write each message.
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { conversations } from '../../db/schema/index.ts';

/** A process that took a conversation and died leaves it to the others after this long. */
export const CLAIM_LAPSES_MINUTES = 15;

/** The unanswered messages a character may write in a row; then it waits for the user. */
export const MAX_UNANSWERED = 3;

export interface FirstMessageSetting {
  afterHours: number | null;
  isGroup: boolean;
  /** Messages the character wrote first since the user last wrote (the newest ones, in a row). */
  unanswered: number;
}

export interface DueConversation {
  id: string;
  userId: string;
  characterId: string;
  afterHours: number;
  unanswered: number;
  /** When the newest message was written. */
  lastAt: Date;
  /** `updated_at` as the database wrote it (microseconds), for the claim's check that nothing changed since. */
  seen: string;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The newest messages (up to MAX_UNANSWERED) of conversation `c`: how many in a row the character wrote first, the newest's time. */
const trailing = sql`lateral (
  select count(*) filter (where run)::int as unanswered, max(created_at) as last_at
  from (
    select created_at, bool_and(unprompted) over (order by seq desc) as run
    from (select unprompted, seq, created_at from chat_messages m where m.conversation_id = c.id order by seq desc limit ${MAX_UNANSWERED}) n
  ) r
) t`;

export class FirstMessagesRepo {
  constructor(private readonly db: DbOrTx) {}

  /** The caller's conversation's setting; undefined when it is not theirs (or gone). */
  async setting(conversationId: string, userId: string): Promise<FirstMessageSetting | undefined> {
    const result = await this.db.execute(sql`select c.writes_first_after_hours as after_hours, c.is_group, t.unanswered
      from conversations c cross join ${trailing}
      where c.id = ${conversationId} and c.user_id = ${userId}`);
    const [row] = rowsOf<{ after_hours: number | null; is_group: boolean; unanswered: number }>(result);
    return row && { afterHours: row.after_hours, isGroup: row.is_group, unanswered: Number(row.unanswered) };
  }

  /** Turns it on with a pause (or off: null); false when the conversation is not the caller's. */
  async setAfterHours(conversationId: string, userId: string, afterHours: number | null): Promise<boolean> {
    const rows = await this.db
      .update(conversations)
      .set({ writesFirstAfterHours: afterHours, writesFirstClaimedAt: null })
      .where(and(eq(conversations.id, conversationId), eq(conversations.userId, userId)))
      .returning({ id: conversations.id });
    return rows.length > 0;
  }

  /** Turns it off whoever owns it (the character can no longer write: deleted, out of reach). */
  async turnOff(conversationId: string): Promise<void> {
    await this.db.update(conversations).set({ writesFirstAfterHours: null }).where(eq(conversations.id, conversationId));
  }

  /**
   * Conversations whose pause has run out at `now`: on, one-to-one, the account neither suspended nor being deleted,
   * fewer than MAX_UNANSWERED in a row, the newest message older than the pause doubled for each unanswered one, and
   * not taken by a process in the last CLAIM_LAPSES_MINUTES. Oldest first.
   */
  async due(now: Date, limit: number): Promise<DueConversation[]> {
    const at = now.toISOString();
    const result = await this.db.execute(sql`select c.id, c.user_id, c.character_id, c.writes_first_after_hours as after_hours,
        t.unanswered, t.last_at, c.updated_at::text as seen
      from conversations c
      join users u on u.id = c.user_id
      cross join ${trailing}
      where c.writes_first_after_hours is not null and not c.is_group
        and c.updated_at <= ${at}::timestamptz - c.writes_first_after_hours * interval '1 hour'
        and (c.writes_first_claimed_at is null or c.writes_first_claimed_at < ${at}::timestamptz - ${CLAIM_LAPSES_MINUTES} * interval '1 minute')
        and u.suspended_at is null and u.deletion_due_at is null
        and t.last_at is not null and t.unanswered < ${MAX_UNANSWERED}
        and t.last_at <= ${at}::timestamptz - c.writes_first_after_hours * power(2, t.unanswered) * interval '1 hour'
      order by c.updated_at
      limit ${limit}`);
    type Row = {
      id: string;
      user_id: string;
      character_id: string;
      after_hours: number;
      unanswered: number;
      last_at: string | Date;
      seen: string;
    };
    return rowsOf<Row>(result).map((r) => ({
      id: r.id,
      userId: r.user_id,
      characterId: r.character_id,
      afterHours: Number(r.after_hours),
      unanswered: Number(r.unanswered),
      lastAt: new Date(r.last_at),
      seen: r.seen,
    }));
  }

  /** Takes the conversation for this process: false when another took it, or anything happened in it since it was read. */
  async claim(c: DueConversation, now: Date): Promise<boolean> {
    const at = now.toISOString();
    const result = await this.db.execute(sql`update conversations set writes_first_claimed_at = ${at}::timestamptz
      where id = ${c.id} and updated_at = ${c.seen}::timestamptz and writes_first_after_hours is not null
        and (writes_first_claimed_at is null or writes_first_claimed_at < ${at}::timestamptz - ${CLAIM_LAPSES_MINUTES} * interval '1 minute')
      returning id`);
    return rowsOf(result).length === 1;
  }

  /** The message is written: the claim ends (its new `updated_at` already keeps a process that read before from claiming). */
  async release(conversationId: string): Promise<void> {
    await this.db.update(conversations).set({ writesFirstClaimedAt: null }).where(eq(conversations.id, conversationId));
  }

  /** Messages characters wrote first to the user since `since`, in all their conversations. */
  async writtenSince(userId: string, since: Date): Promise<number> {
    const result = await this.db.execute(sql`select count(*)::int as n from chat_messages m
      join conversations c on c.id = m.conversation_id
      where c.user_id = ${userId} and m.unprompted and m.created_at >= ${since.toISOString()}::timestamptz`);
    return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
  }
}
