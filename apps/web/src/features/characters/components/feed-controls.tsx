import type { CharacterSort } from '@reverie/shared';
import { Chip } from '@/components/ui/chip';
import { cn } from '@/lib/utils';
import { useCategories } from '../api/get-categories';

export const SORT_OPTIONS: ReadonlyArray<{ value: CharacterSort; label: string }> = [
  { value: 'for-you', label: 'For you' },
  { value: 'trending', label: 'Trending' },
  { value: 'popular', label: 'Popular' },
  { value: 'new', label: 'New' },
  { value: 'top-rated', label: 'Top rated' },
];

const SORT_VALUES = new Set<string>(SORT_OPTIONS.map((o) => o.value));

interface SortTabsProps {
  value: CharacterSort;
  onChange: (sort: CharacterSort) => void;
  options?: ReadonlyArray<{ value: CharacterSort; label: string }>;
  className?: string;
}

/** The sort switch: a row of radio buttons styled as a segmented control. */
export function SortTabs({ value, onChange, options = SORT_OPTIONS, className }: SortTabsProps) {
  return (
    <div
      role="radiogroup"
      aria-label="Sort characters"
      className={cn('inline-flex rounded-2xl bg-surface p-1 ring-1 ring-border', className)}
    >
      {options.map((option) => {
        const selected = option.value === value;
        return (
          <button
            key={option.value}
            type="button"
            role="radio"
            aria-checked={selected}
            onClick={() => onChange(option.value)}
            className={cn(
              'h-11 rounded-xl px-3 text-sm font-semibold whitespace-nowrap sm:h-8 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
              selected ? 'bg-surface-hover text-fg shadow ring-1 ring-border-strong' : 'text-fg-muted hover:text-fg',
            )}
          >
            {option.label}
          </button>
        );
      })}
    </div>
  );
}

interface CategoryChipsProps {
  /** Selected category slug, or null for all. */
  value: string | null;
  onChange: (slug: string | null) => void;
}

/** "All" plus the curated collections and tag categories, scrolling sideways on small screens. */
export function CategoryChips({ value, onChange }: CategoryChipsProps) {
  const categories = useCategories();
  // A collection that only re-sorts the catalogue (Trending, New, Top rated) is already a sort tab beside the chips.
  const items = categories.data?.items.filter((c) => c.characterCount > 0 && !SORT_VALUES.has(c.slug)) ?? [];
  return (
    <div className="-mx-4 overflow-x-auto px-4 [scrollbar-width:none] sm:mx-0 sm:px-0" role="group" aria-label="Categories">
      <div className="flex gap-2 pb-1">
        <Chip selected={value === null} onClick={() => onChange(null)}>
          All
        </Chip>
        {categories.isPending
          ? Array.from({ length: 6 }, (_, i) => (
              <span key={i} aria-hidden="true" className="h-9 w-24 shrink-0 animate-pulse rounded-full bg-surface-raised" />
            ))
          : items.map((category) => (
              <Chip
                key={category.id}
                selected={value === category.slug}
                onClick={() => onChange(value === category.slug ? null : category.slug)}
              >
                {category.name}
              </Chip>
            ))}
      </div>
    </div>
  );
}
