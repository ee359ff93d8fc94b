// A group chat as the recent chats list shows it (its name and current members, for stacked avatars): a column the
// chat module's conversation list reads in its one statement.
import { sql, type SQL } from 'drizzle-orm';
import { characters, chatGroupMembers, chatGroups, type conversations } from '../../db/schema/index.ts';
import { jsonColumn } from '../../db/json-row.ts';

export interface GroupSummary {
  id: string;
  name: string;
  members: { id: string; name: string; avatarUrl: string | null }[];
}

/** The group of a conversation row as JSON (null for a one-to-one conversation). */
export function groupSummarySql(conv: typeof conversations): SQL<unknown> {
  return sql`case when ${conv.isGroup} then (
    select json_build_object('id', g.id, 'name', g.name, 'members', coalesce((
      select json_agg(json_build_object('id', c.id, 'name', c.name, 'avatarUrl', coalesce(c.thumbnail_url, c.avatar_url))
        order by gm.position)
      from ${chatGroupMembers} gm join ${characters} c on c.id = gm.character_id
      where gm.group_id = g.id and gm.removed_at is null), '[]'::json))
    from ${chatGroups} g where g.conversation_id = ${conv.id}) end`;
}

export function groupSummaryOf(value: unknown): GroupSummary | null {
  const v = jsonColumn(value);
  return v && typeof v === 'object' ? (v as GroupSummary) : null;
}
