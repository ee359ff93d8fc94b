import { Check, ShieldAlert, ShieldCheck, ShieldQuestion } from 'lucide-react';
import { CHARACTER_LIMITS, TAG_CATEGORIES } from '@reverie/shared';
import { Spinner } from '@/components/ui/spinner';
import { useTags } from '@/features/tags';
import { categoryIcon } from '@/features/tags';
import { groupTags, resolveTagOptions } from '@/features/tags';
import { cn } from '@/lib/utils';
import { toggleCharacterTag } from '../lib/form';

const RATINGS = [
  { name: 'sfw', label: 'SFW', text: 'Safe for work: nothing sexual.', icon: ShieldCheck },
  { name: 'suggestive', label: 'Suggestive', text: 'Flirting and innuendo, nothing explicit.', icon: ShieldQuestion },
  { name: 'nsfw', label: 'NSFW', text: 'Explicit adult content. Blurred for people who hide NSFW.', icon: ShieldAlert },
] as const;

const LIMIT_TEXT = new Map(
  TAG_CATEGORIES.map((c) => [c.category, c.maxSelections === 1 ? 'pick one' : c.maxSelections ? `up to ${c.maxSelections}` : null]),
);

type TagChoice = { name: string; category: string };

/** The required content rating as three radio cards, with the tags step's error under them. */
function ContentRatingField({ selected, onPick, error }: { selected: string[]; onPick: (tag: TagChoice) => void; error?: string }) {
  return (
    <fieldset className="grid min-w-0 gap-2.5">
      <legend className="mb-2 text-sm font-semibold text-fg">
        Content rating <span className="font-normal text-fg-subtle">(required)</span>
      </legend>
      <div role="radiogroup" aria-label="Content rating" className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        {RATINGS.map((r) => {
          const checked = selected.includes(r.name);
          return (
            <button
              key={r.name}
              type="button"
              role="radio"
              aria-checked={checked}
              onClick={() => !checked && onPick({ name: r.name, category: 'Content Rating' })}
              className={cn(
                'flex items-start gap-3 rounded-2xl p-3 text-left ring-1 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                checked ? 'bg-primary/10 ring-primary' : 'bg-surface-raised ring-border hover:ring-border-strong',
              )}
            >
              <r.icon aria-hidden="true" className={cn('mt-0.5 size-5 shrink-0', checked ? 'text-primary' : 'text-fg-subtle')} />
              <span>
                <span className="block text-sm font-semibold text-fg">{r.label}</span>
                <span className="block text-xs text-fg-muted">{r.text}</span>
              </span>
            </button>
          );
        })}
      </div>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** One tag category: its icon, name and limit, then its tags as toggle buttons. */
function TagCategoryField({
  group,
  selected,
  onToggle,
}: {
  group: ReturnType<typeof groupTags>[number];
  selected: string[];
  onToggle: (tag: TagChoice) => void;
}) {
  const Icon = categoryIcon(group.category);
  const limit = LIMIT_TEXT.get(group.category);
  return (
    <fieldset className="grid gap-2.5">
      <legend className="mb-2.5 flex items-center gap-2 text-sm font-semibold text-fg">
        <span
          aria-hidden="true"
          className="inline-flex size-7 items-center justify-center rounded-lg"
          style={{ backgroundColor: `${group.color}22`, color: group.color }}
        >
          <Icon className="size-4" />
        </span>
        {group.category}
        {limit ? <span className="text-xs font-normal text-fg-subtle">({limit})</span> : null}
      </legend>
      <div className="flex flex-wrap gap-2">
        {group.tags.map((tag) => {
          const isSelected = selected.includes(tag.name);
          return (
            <button
              key={tag.name}
              type="button"
              aria-pressed={isSelected}
              onClick={() => onToggle({ name: tag.name, category: group.category })}
              style={isSelected ? { backgroundColor: `${tag.color}2e`, borderColor: tag.color, color: '#fff' } : undefined}
              className={cn(
                'inline-flex h-9 items-center gap-1.5 rounded-full border px-3.5 text-sm font-medium transition-colors select-none',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                isSelected ? 'shadow-sm' : 'border-border bg-surface-raised text-fg-muted hover:border-border-strong hover:text-fg',
              )}
            >
              {isSelected ? (
                <Check aria-hidden="true" className="size-3.5" />
              ) : (
                <span aria-hidden="true" className="size-2 rounded-full" style={{ backgroundColor: tag.color }} />
              )}
              {tag.displayName}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}

interface CreatorTagPickerProps {
  selected: string[];
  onChange: (tags: string[]) => void;
  error?: string;
}

/** The content rating as three choices, then the other tags grouped by category with each category's limit. */
export function CreatorTagPicker({ selected, onChange, error }: CreatorTagPickerProps) {
  const query = useTags();
  if (query.isPending) return <Spinner label="Loading tags..." showLabel />;
  const { tags } = resolveTagOptions({ data: query.data, error: query.error });
  const categoryOf = (name: string) => tags.find((t) => t.name === name)?.category ?? '';
  const toggle = (tag: TagChoice) => onChange(toggleCharacterTag(selected, tag, categoryOf));
  const groups = groupTags(tags).filter((g) => g.category !== 'Content Rating');

  return (
    <div className="grid grid-cols-1 gap-6" data-field="tags">
      <ContentRatingField selected={selected} onPick={toggle} error={error} />

      <p className="text-sm text-fg-muted" aria-live="polite">
        {selected.length} of {CHARACTER_LIMITS.maxTags} tags chosen
      </p>

      {groups.map((group) => (
        <TagCategoryField key={group.category} group={group} selected={selected} onToggle={toggle} />
      ))}
    </div>
  );
}
