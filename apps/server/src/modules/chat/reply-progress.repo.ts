// Replies being written (chat_reply_progress): the words so far of each reply a process is streaming, so a reply
// left by a process that died can be recovered, and the "Get a reply" owed for a message a crash left unanswered.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { characters, chatReplyProgress, conversations, type ChatReplyProgressRow } from '../../db/schema/index.ts';
import type { ReplyKind } from './pipeline.types.ts';

export type { ChatReplyProgressRow };

/** A reply being written, as its progress row starts. */
export interface NewReplyProgress {
  id: string;
  userId: string;
  replyId: string;
  chargeKey: string;
  /** A group chat's reply: who writes it. */
  speakerId?: string | null;
}

/** A progress row whose process stopped renewing it, with what recovering it needs. */
export interface StaleReply extends ChatReplyProgressRow {
  characterName: string;
  characterNsfw: boolean;
}

export class ReplyProgressRepo {
  constructor(private readonly db: DbOrTx) {}

  /** The progress row of a regenerated, continued or "Get a reply" reply (a message's own comes with the message). */
  async insertProgress(
    p: NewReplyProgress & {
      conversationId: string;
      kind: ReplyKind;
      newReply: boolean;
      userMessageId: string | null;
    },
  ): Promise<void> {
    await this.db.insert(chatReplyProgress).values(p);
  }

  /**
   * Renews the rows of the replies this process is writing, each with the words `added` after the `from` characters
   * saved before (`from` 0: `added` is the whole text, as after a round that may have failed).
   */
  async renewProgress(entries: { id: string; from: number; added: string }[]): Promise<void> {
    if (entries.length === 0) return;
    await this.db.execute(sql`update ${chatReplyProgress} p set heartbeat_at = now(),
        text = case when v.from_len = 0 then v.added else p.text || v.added end
      from unnest(${sql.param(entries.map((e) => e.id))}::uuid[], ${sql.param(entries.map((e) => e.from))}::int[],
        ${sql.param(entries.map((e) => e.added))}::text[]) as v(id, from_len, added)
      where p.id = v.id and p.state = 'streaming'`);
  }

  /** A user's replies being written and owed, oldest first. */
  async repliesInProgress(userId: string): Promise<Pick<ChatReplyProgressRow, 'text' | 'state' | 'speakerId' | 'replyId'>[]> {
    return this.db
      .select({
        text: chatReplyProgress.text,
        state: chatReplyProgress.state,
        speakerId: chatReplyProgress.speakerId,
        replyId: chatReplyProgress.replyId,
      })
      .from(chatReplyProgress)
      .where(eq(chatReplyProgress.userId, userId))
      .orderBy(asc(chatReplyProgress.createdAt));
  }

  /** Whether the user has a reply with this id being written now (in any process). */
  async isWriting(userId: string, replyId: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: chatReplyProgress.id })
      .from(chatReplyProgress)
      .where(and(eq(chatReplyProgress.userId, userId), eq(chatReplyProgress.replyId, replyId), eq(chatReplyProgress.state, 'streaming')))
      .limit(1);
    return rows.length > 0;
  }

  async deleteProgress(id: string): Promise<void> {
    await this.db.delete(chatReplyProgress).where(eq(chatReplyProgress.id, id));
  }

  /** Replies whose process stopped renewing them for `staleMs` (it died), oldest first. */
  async staleReplies(staleMs: number, limit = 100): Promise<StaleReply[]> {
    const rows = await this.db
      .select({ p: chatReplyProgress, characterName: characters.name, characterNsfw: characters.nsfw })
      .from(chatReplyProgress)
      .innerJoin(conversations, eq(conversations.id, chatReplyProgress.conversationId))
      .innerJoin(characters, eq(characters.id, conversations.characterId))
      .where(
        and(
          eq(chatReplyProgress.state, 'streaming'),
          sql`${chatReplyProgress.heartbeatAt} < now() - make_interval(secs => ${staleMs / 1000})`,
        ),
      )
      .orderBy(asc(chatReplyProgress.heartbeatAt))
      .limit(limit);
    return rows.map((r) => ({ ...r.p, characterName: r.characterName, characterNsfw: r.characterNsfw }));
  }

  /** Takes a stale reply for recovery: only one process gets it (it is deleted; the caller's transaction keeps that). */
  async claimStaleReply(id: string, staleMs: number): Promise<boolean> {
    const rows = await this.db
      .delete(chatReplyProgress)
      .where(
        and(
          eq(chatReplyProgress.id, id),
          eq(chatReplyProgress.state, 'streaming'),
          sql`${chatReplyProgress.heartbeatAt} < now() - make_interval(secs => ${staleMs / 1000})`,
        ),
      )
      .returning({ id: chatReplyProgress.id });
    return rows.length > 0;
  }

  /** A message left without its reply by a crash, whose "Get a reply" is free once. */
  async markReplyOwed(p: { conversationId: string; userId: string; userMessageId: string }): Promise<void> {
    await this.db.insert(chatReplyProgress).values({
      ...p,
      kind: 'send',
      replyId: randomUUID(),
      newReply: true,
      chargeKey: '',
      state: 'owed',
    });
  }

  /** Whether a free reply is owed for this message (after a crash left it without one). */
  async replyOwed(userMessageId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: chatReplyProgress.id })
      .from(chatReplyProgress)
      .where(and(eq(chatReplyProgress.userMessageId, userMessageId), eq(chatReplyProgress.state, 'owed')))
      .limit(1);
    return !!row;
  }

  /** Uses up the free reply owed for this message: true when there was one. */
  async takeReplyOwed(userMessageId: string): Promise<boolean> {
    const rows = await this.db
      .delete(chatReplyProgress)
      .where(and(eq(chatReplyProgress.userMessageId, userMessageId), eq(chatReplyProgress.state, 'owed')))
      .returning({ id: chatReplyProgress.id });
    return rows.length > 0;
  }
}
