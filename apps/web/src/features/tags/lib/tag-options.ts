import { FALLBACK_TAGS, MIN_TAGS_FROM_API, TAG_CATEGORIES, TAG_SELECTION, type FallbackTag, type Tag } from '@reverie/shared';
import { getErrorMessage } from '@/lib/api-client';

/** What the picker needs of a tag: API tags and fallback tags both fit. */
export type TagOption = Pick<Tag, 'name' | 'displayName' | 'emoji' | 'color' | 'isNSFW' | 'category'>;

export type TagNotice = { kind: 'error'; message: string } | { kind: 'empty' } | null;

/**
 * product.md §7/§8: a failed load or fewer than MIN_TAGS_FROM_API tags uses the built-in fallback set; a failure
 * and an empty list are also reported in a dialog.
 */
export function resolveTagOptions(state: { data?: Tag[]; error: unknown }): { tags: readonly TagOption[]; notice: TagNotice } {
  if (state.error) return { tags: FALLBACK_TAGS, notice: { kind: 'error', message: getErrorMessage(state.error, 'Failed to load tags') } };
  const tags = state.data ?? [];
  if (tags.length === 0) return { tags: FALLBACK_TAGS, notice: { kind: 'empty' } };
  if (tags.length < MIN_TAGS_FROM_API) return { tags: FALLBACK_TAGS, notice: null };
  return { tags, notice: null };
}

export interface TagGroup {
  category: string;
  emoji: string;
  color: string;
  tags: TagOption[];
}

/**
 * Tags grouped by category, in the order categories first appear. A tag has one category on the wire, but the
 * spec lists some in two ("alien" is a Character Type and an Origin): such a tag is also shown in its other
 * category. It stays one tag (one name), so selecting it in either place selects it in both.
 */
export function groupTags(tags: readonly TagOption[]): TagGroup[] {
  const groups = new Map<string, TagGroup>();
  const add = (category: string, tag: TagOption, color: string) => {
    let group = groups.get(category);
    if (!group) {
      group = { category, emoji: tag.emoji, color, tags: [] };
      groups.set(category, group);
    }
    if (!group.tags.some((t) => t.name === tag.name)) group.tags.push(tag);
  };
  for (const tag of tags) add(tag.category || 'Other', tag, tag.color);
  for (const def of TAG_CATEGORIES) {
    const group = groups.get(def.category);
    if (!group) continue;
    for (const name of def.tags) {
      const tag = tags.find((t) => t.name === name);
      if (tag && tag.category !== def.category) add(def.category, tag, group.color);
    }
  }
  return [...groups.values()];
}

/** Adds or removes a tag; a ninth cannot be added (product.md §5). Per-category maximums are not enforced. */
export function toggleTag(selected: readonly string[], name: string): string[] {
  if (selected.includes(name)) return selected.filter((t) => t !== name);
  if (selected.length >= TAG_SELECTION.max) return [...selected];
  return [...selected, name];
}

/** "Need N more tags" until the minimum is reached, then null. */
export function missingTagsLabel(count: number): string | null {
  const missing = TAG_SELECTION.min - count;
  return missing > 0 ? `Need ${missing} more tags` : null;
}

export type { FallbackTag };
