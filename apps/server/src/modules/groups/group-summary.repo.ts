// A group chat as the recent chats list and the search across chats show it (its name and current members, for
// stacked avatars): a column the chat module's conversation list and the chat search read in their one statement.
import { MAX_GROUP_MEMBERS } from '@reverie/shared';
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { characters, chatGroupMembers, chatGroups } from '../../db/schema/index.ts';
import { jsonColumn } from '../../db/json-row.ts';

export interface GroupSummary {
  id: string;
  name: string;
  members: { id: string; name: string; avatarUrl: string | null }[];
}

/**
 * The group of a conversation as JSON (null for a one-to-one conversation): `conv` is the conversations table or
 * the columns of a statement's own (its flag and id). Members by position, at most MAX_GROUP_MEMBERS.
 */
export function groupSummarySql(conv: { isGroup: AnyColumn | SQL; id: AnyColumn | SQL }): SQL<unknown> {
  return sql`case when ${conv.isGroup} then (
    select json_build_object('id', g.id, 'name', g.name, 'members', coalesce((
      select json_agg(json_build_object('id', m.id, 'name', m.name, 'avatarUrl', m.avatar_url) order by m.position)
      from (
        select c.id, c.name, coalesce(c.thumbnail_url, c.avatar_url) as avatar_url, gm.position
        from ${chatGroupMembers} gm join ${characters} c on c.id = gm.character_id
        where gm.group_id = g.id and gm.removed_at is null
        order by gm.position limit ${sql.raw(String(MAX_GROUP_MEMBERS))}
      ) m), '[]'::json))
    from ${chatGroups} g where g.conversation_id = ${conv.id}) end`;
}

export function groupSummaryOf(value: unknown): GroupSummary | null {
  const v = jsonColumn(value);
  return v && typeof v === 'object' ? (v as GroupSummary) : null;
}
