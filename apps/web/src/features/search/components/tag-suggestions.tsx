import { Link } from 'react-router';
import type { Tag } from '@reverie/shared';
import { useTags } from '@/features/tags';
import { TagIcon } from '@/features/tags';

const SUGGESTED = [
  'fantasy',
  'romance',
  'vampire',
  'mystery',
  'sci-fi',
  'cyberpunk',
  'adventure',
  'playful',
  'mysterious',
  'demon',
  'android',
  'slice-of-life',
];

/** Tag links to try when a search finds nothing (or nothing was typed yet). */
export function TagSuggestions({ tags: given }: { tags?: Tag[] }) {
  const all = useTags();
  const known = all.data ?? [];
  const tags = given?.length ? given : SUGGESTED.map((name) => known.find((t) => t.name === name)).filter((t): t is Tag => Boolean(t));
  if (!tags.length) return null;
  return (
    <ul aria-label="Suggested tags" className="flex flex-wrap justify-center gap-2">
      {tags.map((tag) => (
        <li key={tag.name}>
          <Link
            to={`/tags/${encodeURIComponent(tag.name)}`}
            className="inline-flex items-center gap-1.5 rounded-full bg-surface-raised px-3.5 py-1.5 text-sm font-medium text-fg-muted ring-1 ring-border transition-colors hover:bg-surface-hover hover:text-fg focus-visible:outline-2 focus-visible:outline-ring"
          >
            <TagIcon category={tag.category} />
            {tag.displayName}
          </Link>
        </li>
      ))}
    </ul>
  );
}
