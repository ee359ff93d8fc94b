// Branches of a conversation: the fork (one statement), the tree a conversation belongs to, and the delete that keeps
// a deleted branch's children (moved under its parent).
import { randomUUID } from 'node:crypto';
import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import {
  chatGroupMembers,
  chatGroups,
  chatMessages,
  chatMessageEmbeddings,
  chatReplyInspections,
  conversationPersonas,
  conversations,
} from '../../db/schema/index.ts';

/** One conversation of a tree, with its fork point (the parent's message it was forked from) when that still exists. */
export interface BranchRow {
  id: string;
  parentId: string | null;
  messageCount: number;
  createdAt: Date;
  updatedAt: Date;
  forkMessageId: string | null;
  forkRole: 'user' | 'assistant' | null;
  forkPreview: string | null;
  /** The group chat this conversation is (null: one-to-one). */
  groupId: string | null;
}

const FORK_PREVIEW = 120;

const quoted = (name: string) => sql.raw(`"${name.replaceAll('"', '""')}"`);

/** The columns a copy writes: every column of the table but the generated ones (identity, computed). */
function copiedColumns(table: PgTable): string[] {
  return Object.values(getTableColumns(table))
    .filter((c) => !c.generated && !c.generatedIdentity)
    .map((c) => c.name);
}

/**
 * What the fork sets itself; every other column of the conversation (memory, moderation scope, and any
 * per-conversation setting such as a persona, whichever module adds it) is copied as the source has it.
 */
const forkOwn = (ids: { id: string; messageId: string }): Record<string, SQL> => ({
  id: sql`${ids.id}::uuid`,
  parent_conversation_id: sql`src.id`,
  root_conversation_id: sql`coalesce(src.root_conversation_id, src.id)`,
  forked_from_message_id: sql`${ids.messageId}::uuid`,
  message_count: sql`kept.n`,
  // The summary covers at most the messages the branch has: the next summary starts after them.
  summarized_count: sql`least(src.summarized_count, kept.n)`,
  last_read_at: sql`now()`,
  created_at: sql`now()`,
  updated_at: sql`now()`,
});

/**
 * Per-conversation settings kept in a table of their own, one row (or a few) per conversation: a fork copies their
 * rows to the branch (the conversation column set to the branch, a key with a default given a new value, the rest
 * as it was). A module that keeps such a setting (e.g. the persona chosen for a conversation) lists its table here.
 */
export const FORK_COPIED_TABLES: Array<{ table: PgTable; conversationColumn: PgColumn }> = [
  // The persona chosen for the conversation: a branch keeps it.
  { table: conversationPersonas, conversationColumn: conversationPersonas.conversationId },
];

/** The statement part copying one such table's rows from `conversationId` to the conversation the fork `created`. */
function copyRowsPart(name: string, { table, conversationColumn }: (typeof FORK_COPIED_TABLES)[number], conversationId: string): SQL {
  const columns = Object.values(getTableColumns(table)).filter((c) => !c.generated && !c.generatedIdentity && !(c.primary && c.hasDefault));
  const values = columns.map((c) => (c.name === conversationColumn.name ? sql`created.id` : sql`s.${quoted(c.name)}`));
  return sql`, ${quoted(name)} as (
        insert into ${quoted(getTableName(table))} (${sql.join(
          columns.map((c) => quoted(c.name)),
          sql`, `,
        )})
        select ${sql.join(values, sql`, `)} from created, ${quoted(getTableName(table))} s
        where s.${quoted(conversationColumn.name)} = ${conversationId}
        returning 1
      )`;
}

/**
 * What is kept per message in a table of its own (the inspector's record of what went into a reply, recall's vector): a fork copies
 * those rows of the copied messages to their copies (the message and conversation columns set to the copies').
 */
const FORK_COPIED_MESSAGE_TABLES: Array<{ table: PgTable; messageColumn: PgColumn; conversationColumn: PgColumn }> = [
  { table: chatReplyInspections, messageColumn: chatReplyInspections.messageId, conversationColumn: chatReplyInspections.conversationId },
  // Recall's vectors (modules/memory): a copy's text is its message's, so its vector is current and is not embedded again.
  {
    table: chatMessageEmbeddings,
    messageColumn: chatMessageEmbeddings.messageId,
    conversationColumn: chatMessageEmbeddings.conversationId,
  },
];

/** The statement part copying one per-message table's rows of the `picked` messages to their copies. */
function copyMessageRowsPart(name: string, t: (typeof FORK_COPIED_MESSAGE_TABLES)[number]): SQL {
  const columns = Object.values(getTableColumns(t.table)).filter(
    (c) => !c.generated && !c.generatedIdentity && !(c.primary && c.hasDefault),
  );
  const values = columns.map((c) =>
    c.name === t.messageColumn.name
      ? sql`picked.new_id`
      : c.name === t.conversationColumn.name
        ? sql`created.id`
        : sql`s.${quoted(c.name)}`,
  );
  const table = quoted(getTableName(t.table));
  return sql`, ${quoted(name)} as (
        insert into ${table} (${sql.join(
          columns.map((c) => quoted(c.name)),
          sql`, `,
        )})
        select ${sql.join(values, sql`, `)} from created, picked join ${table} s on s.${quoted(t.messageColumn.name)} = picked.id
        returning 1
      )`;
}

/**
 * A group chat's fork is a group chat too: the group (its name, scenario and turn mode as they are now; nobody
 * skipped) on the branch's conversation, with every member row (former members too, whose earlier lines keep their
 * names). Nothing is inserted when the source is a one-to-one conversation.
 */
function copyGroupPart(conversationId: string): SQL {
  const own: Record<string, SQL> = {
    id: sql`gen_random_uuid()`,
    conversation_id: sql`created.id`,
    skipped: sql`'{}'::uuid[]`,
    created_at: sql`now()`,
    updated_at: sql`now()`,
  };
  const groupColumns = copiedColumns(chatGroups);
  const memberColumns = copiedColumns(chatGroupMembers);
  const list = (names: string[]) => sql.join(names.map(quoted), sql`, `);
  return sql`, src_group as (select * from ${chatGroups} where conversation_id = ${conversationId}),
      new_group as (
        insert into ${chatGroups} (${list(groupColumns)})
        select ${sql.join(
          groupColumns.map((c) => own[c] ?? sql`g.${quoted(c)}`),
          sql`, `,
        )} from created, src_group g
        returning id
      ),
      group_members as (
        insert into ${chatGroupMembers} (${list(memberColumns)})
        select ${sql.join(
          memberColumns.map((c) => (c === 'group_id' ? sql`new_group.id` : sql`m.${quoted(c)}`)),
          sql`, `,
        )} from new_group, src_group g join ${chatGroupMembers} m on m.group_id = g.id
        returning 1
      )`;
}

export class BranchesRepo {
  constructor(private readonly db: DbOrTx) {}

  /**
   * A new conversation forked from `conversationId` at `messageId`, in one statement: the conversation row copied
   * (with the overrides above) and its messages up to and including that one, in order, with their swipes. Answers
   * the new id, or undefined when the message is not in that conversation.
   */
  async fork(conversationId: string, messageId: string): Promise<string | undefined> {
    const id = randomUUID();
    const own = forkOwn({ id, messageId });
    const convColumns = copiedColumns(conversations);
    const convValues = convColumns.map((c) => own[c] ?? sql`src.${quoted(c)}`);
    // A copied message gets a new id (drawn once per message in `picked`, so rows kept per message can follow it) and
    // the new conversation; the rest is copied.
    const msgColumns = copiedColumns(chatMessages);
    const msgValues = msgColumns.map((c) =>
      c === 'id' ? sql`picked.new_id` : c === 'conversation_id' ? sql`created.id` : sql`picked.${quoted(c)}`,
    );
    const list = (names: string[]) => sql.join(names.map(quoted), sql`, `);
    const result = await this.db.execute(sql`
      with src as (select * from ${conversations} where id = ${conversationId}),
      point as (select seq from ${chatMessages} where id = ${messageId} and conversation_id = ${conversationId}),
      kept as (
        select count(*)::int as n from ${chatMessages} m, point
        where m.conversation_id = ${conversationId} and m.seq <= point.seq
      ),
      created as (
        insert into ${conversations} (${list(convColumns)})
        select ${sql.join(convValues, sql`, `)} from src, point, kept
        returning id
      ),
      picked as materialized (
        select gen_random_uuid() as new_id, m.* from ${chatMessages} m, point
        where m.conversation_id = ${conversationId} and m.seq <= point.seq
      ),
      copied as (
        insert into ${chatMessages} (${list(msgColumns)})
        select ${sql.join(msgValues, sql`, `)} from created, picked
        order by picked.seq
        returning 1
      )${sql.join(
        FORK_COPIED_MESSAGE_TABLES.map((t, i) => copyMessageRowsPart(`per_message_${i}`, t)),
        sql``,
      )}${sql.join(
        FORK_COPIED_TABLES.map((t, i) => copyRowsPart(`settings_${i}`, t, conversationId)),
        sql``,
      )}${copyGroupPart(conversationId)}
      select created.id, (select count(*) from copied)::int as copied from created`);
    const [row] = (result as unknown as { rows: { id: string }[] }).rows;
    return row?.id;
  }

  /**
   * Serialises the forks of one user (call inside `uow.run`): the per-user bound on the messages in branches, and each
   * tree's branch limit (a tree is one user's), hold under parallel requests.
   */
  async lockUser(userId: string): Promise<void> {
    await this.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`branches:user:${userId}`}))`);
  }

  /**
   * What a fork would add to the user's branches and what they hold: the messages of `conversationId` up to and
   * including `messageId` (0 when it is not there), and the messages of every branch the user has (conversations
   * forked from another; the first conversation of a tree is not a copy and does not count).
   */
  async forkSize(userId: string, conversationId: string, messageId: string): Promise<{ copied: number; held: number }> {
    const result = await this.db.execute(sql`
      select
        (select count(*)::int from ${chatMessages} m
          where m.conversation_id = ${conversationId}
            and m.seq <= (select seq from ${chatMessages} where id = ${messageId} and conversation_id = ${conversationId})) as copied,
        (select coalesce(sum(message_count), 0)::int from ${conversations}
          where user_id = ${userId} and root_conversation_id is not null) as held`);
    const [row] = (result as unknown as { rows: { copied: number | string; held: number | string }[] }).rows;
    return { copied: Number(row?.copied ?? 0), held: Number(row?.held ?? 0) };
  }

  /** Every conversation of the user in the tree `rootId` names (a tree's id is its first conversation's), oldest first. */
  async tree(userId: string, rootId: string): Promise<BranchRow[]> {
    const result = await this.db.execute(sql`
      select c.id, c.parent_conversation_id as "parentId", c.message_count as "messageCount",
             c.created_at as "createdAt", c.updated_at as "updatedAt",
             f.id as "forkMessageId", f.role as "forkRole", left(f.content, ${FORK_PREVIEW}) as "forkPreview",
             g.id as "groupId"
      from ${conversations} c
      left join ${chatMessages} f on f.id = c.forked_from_message_id
      left join ${chatGroups} g on g.conversation_id = c.id
      where c.user_id = ${userId} and (c.id = ${rootId} or c.root_conversation_id = ${rootId})
      order by c.created_at, c.id`);
    return (result as unknown as { rows: Record<string, unknown>[] }).rows.map((r) => ({
      id: r.id as string,
      parentId: (r.parentId as string | null) ?? null,
      messageCount: Number(r.messageCount),
      createdAt: new Date(r.createdAt as string | Date),
      updatedAt: new Date(r.updatedAt as string | Date),
      forkMessageId: (r.forkMessageId as string | null) ?? null,
      forkRole: (r.forkRole as 'user' | 'assistant' | null) ?? null,
      forkPreview: (r.forkPreview as string | null) ?? null,
      groupId: (r.groupId as string | null) ?? null,
    }));
  }

  /**
   * Deletes a conversation (its messages go with it) in one statement; its branches stay, moved under its parent
   * (none: they become top-level branches of the same tree), their fork point becoming the deleted one's (where the
   * deleted branch, and so theirs, left the new parent at the latest).
   */
  async deleteKeepingBranches(id: string): Promise<void> {
    await this.db.execute(sql`
      with gone as (
        delete from ${conversations} where id = ${id}
        returning id, parent_conversation_id, forked_from_message_id
      )
      update ${conversations} c
      set parent_conversation_id = gone.parent_conversation_id, forked_from_message_id = gone.forked_from_message_id
      from gone where c.parent_conversation_id = gone.id`);
  }
}
