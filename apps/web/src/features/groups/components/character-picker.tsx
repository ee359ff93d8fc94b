// Picking characters for a group: the ones from your chats, or any public one by search; each shows as a chip once
// picked. The server decides who may join (a private character of someone else is refused).
import { useMemo, useState } from 'react';
import { Check, Search, X } from 'lucide-react';
import { Avatar } from '@/components/ui/avatar';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { useConversations } from '@/features/conversation';
import { useSearch } from '@/features/search';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { cn } from '@/lib/utils';

export interface PickedCharacter {
  id: string;
  name: string;
  avatarUrl: string | null;
}

interface Props {
  picked: PickedCharacter[];
  onChange: (picked: PickedCharacter[]) => void;
  max: number;
  /** Characters that cannot be picked (already in the group). */
  exclude?: string[];
}

/** The characters of your chats (one-to-one and group members), offered before any search. */
function useFromChats() {
  const recent = useConversations(true);
  const fromChats = useMemo(() => {
    const seen = new Map<string, PickedCharacter>();
    for (const c of recent.data?.pages.flatMap((p) => p.items) ?? []) {
      if (c.group) for (const m of c.group.members) seen.set(m.id, m);
      else if (!c.character.deleted)
        seen.set(c.character.id, { id: c.character.id, name: c.character.name, avatarUrl: c.character.avatarUrl });
    }
    return [...seen.values()];
  }, [recent.data]);
  return { recent, fromChats };
}

export function CharacterPicker({ picked, onChange, max, exclude = [] }: Props) {
  const [q, setQ] = useState('');
  const query = useDebouncedValue(q.trim(), 250);
  const search = useSearch(query);
  const { recent, fromChats } = useFromChats();
  const results: PickedCharacter[] = query
    ? (search.data?.characters.items ?? []).map((c) => ({ id: c.id, name: c.name, avatarUrl: c.thumbnailUrl ?? c.avatarUrl }))
    : fromChats;
  const isPicked = (id: string) => picked.some((p) => p.id === id);
  const toggle = (c: PickedCharacter) => {
    if (isPicked(c.id)) onChange(picked.filter((p) => p.id !== c.id));
    else if (picked.length < max) onChange([...picked, c]);
  };
  const candidates = results.filter((c) => !exclude.includes(c.id));
  const loading = query ? search.isPending : recent.isPending;

  return (
    <div className="flex flex-col gap-3">
      <PickedList picked={picked} onRemove={toggle} />
      <div className="relative">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-subtle" aria-hidden="true" />
        <Input
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder="Search characters"
          aria-label="Search characters"
          className="pl-9"
          maxLength={100}
        />
      </div>
      <p className="text-xs text-fg-subtle">{query ? 'Search results' : 'From your chats'}</p>
      {loading ? (
        <div className="flex flex-col gap-2" aria-busy="true">
          <Skeleton className="h-11" />
          <Skeleton className="h-11" />
        </div>
      ) : candidates.length === 0 ? (
        <p className="rounded-xl bg-surface-raised px-3 py-4 text-center text-sm text-fg-muted">
          {query ? 'No character matches this search.' : 'Search for characters to add them.'}
        </p>
      ) : (
        <ul className="flex max-h-56 flex-col gap-1 overflow-y-auto" aria-label="Characters">
          {candidates.map((c) => {
            const on = isPicked(c.id);
            const full = !on && picked.length >= max;
            return (
              <li key={c.id}>
                <button
                  type="button"
                  onClick={() => toggle(c)}
                  disabled={full}
                  aria-pressed={on}
                  className={cn(
                    'flex w-full items-center gap-3 rounded-xl px-2 py-1.5 text-left text-sm text-fg transition-colors hover:bg-surface-raised focus-visible:ring-2 focus-visible:ring-primary focus-visible:outline-none disabled:opacity-50',
                    on && 'bg-surface-raised',
                  )}
                >
                  <Avatar name={c.name} src={c.avatarUrl} size="sm" />
                  <span className="min-w-0 flex-1 truncate">{c.name}</span>
                  {on ? <Check className="size-4 text-primary" aria-hidden="true" /> : null}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/** The characters picked so far, each a button that removes it. */
function PickedList({ picked, onRemove }: { picked: PickedCharacter[]; onRemove: (c: PickedCharacter) => void }) {
  if (!picked.length) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Picked characters">
      {picked.map((p) => (
        <li key={p.id}>
          <button
            type="button"
            onClick={() => onRemove(p)}
            className="flex items-center gap-1.5 rounded-full bg-primary-strong/25 py-1 pr-2 pl-1 text-sm text-fg ring-1 ring-primary/40 hover:bg-primary-strong/35 focus-visible:ring-2 focus-visible:ring-primary focus-visible:outline-none"
            aria-label={`Remove ${p.name}`}
          >
            <Avatar name={p.name} src={p.avatarUrl} size="sm" className="size-6" />
            {p.name}
            <X className="size-3.5" aria-hidden="true" />
          </button>
        </li>
      ))}
    </ul>
  );
}
