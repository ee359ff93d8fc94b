// The journal's rows on the wire.
import { MAX_MEMORIES, type JournalMemory, type MemoryJournal } from '@reverie/shared';
import type { MemoryRow } from './memory.repo.ts';

export function toJournalMemory(row: MemoryRow): JournalMemory {
  return {
    id: row.id,
    text: row.text,
    pinned: row.pinned,
    source: row.source,
    messageIds: row.messageIds,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toMemoryJournal(rows: MemoryRow[]): MemoryJournal {
  return { items: rows.map(toJournalMemory), max: MAX_MEMORIES };
}
