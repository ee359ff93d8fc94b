// The journal as a reply reads it: a column of the reply pipeline's first read (chat/chat-context.repo.ts,
// groups/groups.repo.ts), so a message pays no statement of its own for its memories; what a prompt takes of it is
// journal-prompt.ts `fitJournal`. Imports nothing of the chat module: both first reads use it.
import { MAX_MEMORIES } from '@reverie/shared';
import { sql, type SQL } from 'drizzle-orm';
import { jsonColumn } from '../../db/json-row.ts';
import { memoryJournal } from '../../db/schema/index.ts';

/** A memory as a reply reads it. */
export interface JournalEntry {
  id: string;
  text: string;
  pinned: boolean;
}

/**
 * The caller's journal of a character (one-to-one) or a group, pinned first, then the newest (the order of
 * MemoryRepo.memories), at most MAX_MEMORIES: a json array of `JournalEntry`, decoded by `journalEntriesFrom`.
 */
export function journalJson(userId: SQL, of: { characterId: SQL } | { groupId: SQL }): SQL<unknown> {
  const whose = 'characterId' in of ? sql`j.character_id = ${of.characterId}` : sql`j.group_id = ${of.groupId}`;
  return sql<unknown>`(select coalesce(json_agg(jj), '[]'::json) from (
    select j.id, j.text, j.pinned from ${memoryJournal} j where j.user_id = ${userId} and ${whose}
    order by j.pinned desc, j.created_at desc, j.id desc limit ${sql.raw(String(MAX_MEMORIES))}) jj)`;
}

/** Decodes `journalJson`'s value. */
export function journalEntriesFrom(value: unknown): JournalEntry[] {
  const rows = jsonColumn(value);
  return Array.isArray(rows) ? (rows as JournalEntry[]) : [];
}
