import { useId, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Search } from 'lucide-react';
import { buildSearchPath } from '@/lib/search';
import { cn } from '@/lib/utils';

/** Header search (product.md §2): Enter or the icon goes to /search with the trimmed query; empty does nothing. */
export function SearchBox({ className }: { className?: string }) {
  const id = useId();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const [value, setValue] = useState(() => (pathname === '/search' ? (params.get('q') ?? '') : ''));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const path = buildSearchPath(value);
    if (path) void navigate(path);
  };

  return (
    <form role="search" aria-label="Site search" onSubmit={submit} className={cn('relative w-full', className)}>
      <label htmlFor={id} className="sr-only">
        Search characters
      </label>
      <input
        id={id}
        type="search"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        placeholder="Search characters, creators, tags…"
        autoComplete="off"
        enterKeyHint="search"
        className={cn(
          'h-11 w-full rounded-full border sm:h-10 border-border bg-surface pr-12 pl-4 text-sm text-fg placeholder:text-fg-subtle transition-colors',
          'hover:border-border-strong focus-visible:border-primary focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring/50',
          '[&::-webkit-search-cancel-button]:appearance-none',
        )}
      />
      <button
        type="submit"
        aria-label="Search"
        className="absolute top-0 right-0 inline-flex size-11 items-center sm:top-1 sm:right-1 sm:size-8 justify-center rounded-full text-fg-muted transition-colors hover:bg-surface-hover hover:text-fg"
      >
        <Search className="size-4" aria-hidden="true" />
      </button>
    </form>
  );
}
