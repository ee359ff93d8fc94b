import type { Tag } from '@reverie/shared';
import type { TagRow } from './tags.repo.ts';

export function toTag(row: TagRow): Tag {
  return {
    id: row.id,
    name: row.name,
    displayName: row.displayName,
    emoji: row.emoji,
    color: row.color,
    isNSFW: row.isNsfw,
    category: row.category,
    categoryMaxSelections: row.categoryMaxSelections,
    categoryRequired: row.categoryRequired,
  };
}
