import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Search as SearchIcon, SearchX } from 'lucide-react';
import { EmptyState } from '@/components/page/empty-state';
import { ErrorState } from '@/components/page/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { CharacterGrid, CharacterGridSkeleton } from '@/features/characters';
import { CreatorCard } from '@/features/creators';
import { useSearch } from '@/features/search';
import { TagSuggestions } from '@/features/search';
import { getErrorMessage } from '@/lib/api-client';
import { getErrorStatus } from '@/lib/request-queue';
import { buildSearchPath } from '@/lib/search';
import { useDocumentTitle } from '@/lib/document-title';

function SearchForm({ initial }: { initial: string }) {
  const navigate = useNavigate();
  const [value, setValue] = useState(initial);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const path = buildSearchPath(value);
    if (path) void navigate(path);
  };
  return (
    <form role="search" aria-label="Search this page" onSubmit={onSubmit} className="relative">
      <label htmlFor="search-page-input" className="sr-only">
        Search characters, creators and tags
      </label>
      <SearchIcon aria-hidden="true" className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-fg-subtle" />
      <input
        id="search-page-input"
        type="search"
        value={value}
        maxLength={100}
        onChange={(e) => setValue(e.target.value)}
        placeholder="Search characters, creators and tags"
        className="h-12 w-full rounded-2xl bg-surface pr-4 pl-12 text-base text-fg ring-1 ring-border placeholder:text-fg-subtle focus:ring-2 focus:ring-primary/60 focus:outline-none"
      />
    </form>
  );
}

function Results({ q }: { q: string }) {
  const query = useSearch(q);
  if (query.isPending) {
    return (
      <div role="status" aria-label="Searching">
        <Skeleton className="mb-4 h-6 w-40" />
        <CharacterGridSkeleton count={5} />
      </div>
    );
  }
  if (query.isError) {
    return getErrorStatus(query.error) === 400 ? (
      <ErrorState title="Try a different search" description={getErrorMessage(query.error, 'That search could not be run.')} />
    ) : (
      <ErrorState description="Search is not answering right now." onRetry={() => void query.refetch()} />
    );
  }
  const { characters, creators, tags } = query.data;
  if (!characters.total && !creators.total && !tags.total) {
    return (
      <EmptyState
        icon={<SearchX />}
        title={`No results for “${q}”`}
        description="Check the spelling, use fewer words, or explore one of these tags."
        action={<TagSuggestions />}
      />
    );
  }
  return (
    <div className="grid gap-10">
      {characters.items.length ? (
        <section aria-labelledby="search-characters">
          <h2 id="search-characters" className="mb-4 text-lg font-bold text-fg">
            Characters <span className="text-sm font-medium text-fg-subtle">({characters.total})</span>
          </h2>
          <CharacterGrid items={characters.items} label="Character results" />
        </section>
      ) : null}
      {creators.items.length ? (
        <section aria-labelledby="search-creators">
          <h2 id="search-creators" className="mb-4 text-lg font-bold text-fg">
            Creators <span className="text-sm font-medium text-fg-subtle">({creators.total})</span>
          </h2>
          <ul className="grid gap-3 md:grid-cols-2" aria-label="Creator results">
            {creators.items.map((creator) => (
              <li key={creator.id}>
                <CreatorCard creator={creator} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {tags.items.length ? (
        <section aria-labelledby="search-tags">
          <h2 id="search-tags" className="mb-4 text-lg font-bold text-fg">
            Tags <span className="text-sm font-medium text-fg-subtle">({tags.total})</span>
          </h2>
          <div className="[&_ul]:justify-start">
            <TagSuggestions tags={tags.items} />
          </div>
        </section>
      ) : null}
    </div>
  );
}

export default function SearchPage() {
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim().slice(0, 100);
  useDocumentTitle(q ? `“${q}” search` : 'Search');
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-5 sm:px-6 lg:py-8">
      <h1 className="mb-4 text-2xl font-bold tracking-tight text-fg sm:text-3xl">
        {q ? (
          <>
            Search results for <span className="text-primary">“{q}”</span>
          </>
        ) : (
          'Search'
        )}
      </h1>
      <div className="mb-8 max-w-2xl">
        <SearchForm key={q} initial={q} />
      </div>
      {q ? (
        <Results q={q} />
      ) : (
        <EmptyState
          icon={<SearchIcon />}
          title="Find your next character"
          description="Search by name, personality or theme. Misspellings are fine. Or start from a tag:"
          action={<TagSuggestions />}
        />
      )}
    </div>
  );
}
