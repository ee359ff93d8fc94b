import type { Category } from '@reverie/shared';
import type { CategoryRow } from './categories.repo.ts';

export function toCategory(row: { category: CategoryRow; characterCount: number; coverUrl: string | null }): Category {
  const c = row.category;
  return {
    id: c.id,
    slug: c.slug,
    name: c.name,
    kind: c.kind,
    description: c.description,
    emoji: c.emoji,
    color: c.color,
    tagNames: c.tagNames,
    characterCount: row.characterCount,
    coverUrl: row.coverUrl,
  };
}
