import { useId, useMemo, useState } from 'react';
import { ChevronDown, HelpCircle, Search, X } from 'lucide-react';
import type { FaqGroup } from '@reverie/shared/schemas/content';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/utils';
import { ContentError, DocumentSkeleton } from './content-states';
import { useFaq } from '../api/get-faq';
import { SafeMarkdown } from './markdown';

function normalise(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** Questions whose question or answer contains every word of the search, groups left empty dropped. */
export function filterFaq(groups: FaqGroup[], search: string): FaqGroup[] {
  const words = normalise(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return groups;
  return groups
    .map((g) => ({
      ...g,
      items: g.items.filter((item) => {
        const hay = normalise(`${item.question} ${item.answer} ${g.title}`);
        return words.every((w) => hay.includes(w));
      }),
    }))
    .filter((g) => g.items.length > 0);
}

/** The topic filter: All, then one toggle per FAQ group. */
function FaqTopics({ groups, selected, onSelect }: { groups: FaqGroup[]; selected: string; onSelect: (id: string) => void }) {
  return (
    <div role="group" aria-label="FAQ topics" className="mt-5 flex gap-2 overflow-x-auto pb-1">
      {[{ id: 'all', title: 'All' }, ...groups].map((g) => (
        <button
          key={g.id}
          type="button"
          aria-pressed={selected === g.id}
          onClick={() => onSelect(g.id)}
          className={cn(
            'shrink-0 rounded-full px-3.5 py-1.5 text-sm font-medium ring-1 transition-colors focus-visible:outline-2 focus-visible:outline-ring',
            selected === g.id ? 'bg-primary/15 text-primary ring-primary/40' : 'bg-surface text-fg-muted ring-border hover:text-fg',
          )}
        >
          {g.title}
        </button>
      ))}
    </div>
  );
}

/** Shown when the search leaves no question, with a button that clears it. */
function FaqNoMatch({ search, onClear }: { search: string; onClear: () => void }) {
  return (
    <div className="rounded-2xl border border-dashed border-border-strong p-8 text-center">
      <p className="font-semibold text-fg">No questions match &ldquo;{search.trim()}&rdquo;</p>
      <p className="mt-1 text-sm text-fg-muted">Try fewer or different words, or browse the guides above.</p>
      <button type="button" onClick={onClear} className="mt-3 inline-flex items-center gap-1 text-sm text-primary hover:underline">
        <X className="size-4" aria-hidden="true" />
        Clear search
      </button>
    </div>
  );
}

/** The matching questions by group, each a disclosure panel (all open while searching). */
function FaqGroups({ groups, open }: { groups: FaqGroup[]; open: boolean }) {
  return (
    <div className="space-y-8">
      {groups.map((g) => (
        <div key={g.id}>
          <h3 className="mb-3 text-sm font-semibold tracking-wider text-fg-subtle uppercase">{g.title}</h3>
          <div className="divide-y divide-border overflow-hidden rounded-2xl border border-border bg-surface">
            {g.items.map((item) => (
              <details key={item.id} id={`faq-${item.id}`} className="group" open={open}>
                <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-4 py-3.5 font-medium text-fg hover:bg-surface-raised sm:px-5 [&::-webkit-details-marker]:hidden">
                  {item.question}
                  <ChevronDown className="size-4 shrink-0 text-fg-subtle transition-transform group-open:rotate-180" aria-hidden="true" />
                </summary>
                <div className="px-4 pb-2 sm:px-5 [&_p:first-child]:mt-0">
                  <SafeMarkdown className="text-sm sm:text-[15px]">{item.answer}</SafeMarkdown>
                </div>
              </details>
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}

/** The FAQ on /guides: a search box, a group filter, and the questions as disclosure panels. */
export function FaqSection() {
  const query = useFaq();
  const [search, setSearch] = useState('');
  const [group, setGroup] = useState<string>('all');
  const searchId = useId();
  const groups = useMemo(() => {
    const all = query.data?.groups ?? [];
    return filterFaq(group === 'all' ? all : all.filter((g) => g.id === group), search);
  }, [query.data, group, search]);
  const count = groups.reduce((n, g) => n + g.items.length, 0);

  return (
    <section aria-labelledby="faq-heading" className="mt-14">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="faq-heading" className="flex items-center gap-2 text-xl font-bold text-fg sm:text-2xl">
            <HelpCircle className="size-6 text-primary" aria-hidden="true" />
            Frequently asked questions
          </h2>
          <p className="mt-1 text-sm text-fg-muted">Quick answers about accounts, chat, images, coins, safety and creating.</p>
        </div>
        <div className="relative w-full sm:w-80">
          <label htmlFor={searchId} className="sr-only">
            Search the FAQ
          </label>
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-subtle" aria-hidden="true" />
          <Input
            id={searchId}
            type="search"
            value={search}
            maxLength={100}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="Search the FAQ"
            className="pl-9"
          />
        </div>
      </div>

      {query.data ? <FaqTopics groups={query.data.groups} selected={group} onSelect={setGroup} /> : null}

      <div className="mt-6">
        {query.isPending ? <DocumentSkeleton label="Loading questions..." /> : null}
        {query.isError ? <ContentError error={query.error} what="the FAQ" onRetry={() => void query.refetch()} /> : null}
        {query.data ? (
          <>
            <p className="sr-only" aria-live="polite">
              {count === 1 ? '1 question' : `${count} questions`}
            </p>
            {groups.length === 0 ? (
              <FaqNoMatch search={search} onClear={() => setSearch('')} />
            ) : (
              <FaqGroups groups={groups} open={search.trim().length > 0} />
            )}
          </>
        ) : null}
      </div>
    </section>
  );
}
