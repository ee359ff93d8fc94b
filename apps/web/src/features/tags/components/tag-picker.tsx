import { Check } from 'lucide-react';
import { TAG_SELECTION } from '@reverie/shared';
import { cn } from '@/lib/utils';
import { categoryIcon } from '../lib/category-icons';
import { groupTags, type TagOption } from '../lib/tag-options';

interface TagPickerProps {
  tags: readonly TagOption[];
  selected: readonly string[];
  onToggle: (name: string) => void;
}

/** Tags grouped by category as colour chips; at the maximum, unselected chips are disabled (product.md §5). */
export function TagPicker({ tags, selected, onToggle }: TagPickerProps) {
  const full = selected.length >= TAG_SELECTION.max;
  return (
    <div className="grid gap-5">
      {groupTags(tags).map((group) => {
        const Icon = categoryIcon(group.category);
        return (
          <fieldset key={group.category} className="grid gap-2.5">
            <legend className="mb-2.5 flex items-center gap-2 text-sm font-semibold text-fg">
              <span
                aria-hidden="true"
                className="inline-flex size-7 items-center justify-center rounded-lg text-base"
                style={{ backgroundColor: `${group.color}22`, color: group.color }}
              >
                <Icon className="size-4" />
              </span>
              {group.category}
            </legend>
            <div className="flex flex-wrap gap-2">
              {group.tags.map((tag) => {
                const isSelected = selected.includes(tag.name);
                const disabled = !isSelected && full;
                return (
                  <button
                    key={tag.name}
                    type="button"
                    aria-pressed={isSelected}
                    disabled={disabled}
                    onClick={() => onToggle(tag.name)}
                    style={isSelected ? { backgroundColor: `${tag.color}2e`, borderColor: tag.color, color: '#fff' } : undefined}
                    className={cn(
                      'inline-flex h-9 items-center gap-1.5 rounded-full border px-3.5 text-sm font-medium transition-[background-color,border-color,opacity,transform] select-none',
                      'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring active:scale-95',
                      isSelected ? 'shadow-sm' : 'border-border bg-surface-raised text-fg-muted hover:border-border-strong hover:text-fg',
                      disabled && 'cursor-not-allowed opacity-40 hover:border-border hover:text-fg-muted active:scale-100',
                    )}
                  >
                    {isSelected ? (
                      <Check aria-hidden="true" className="size-3.5" />
                    ) : (
                      <span aria-hidden="true" className="size-2 rounded-full" style={{ backgroundColor: tag.color }} />
                    )}
                    {tag.displayName}
                    {tag.isNSFW ? <span className="rounded bg-danger-strong px-1 text-[10px] font-bold text-white">18+</span> : null}
                  </button>
                );
              })}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
