// Search across all of your chats (the chats page): matches grouped by character, newest first, each with a snippet
// and a link that opens the conversation at the match.
import { Link } from 'react-router';
import { Loader2, Search, SearchX } from 'lucide-react';
import { MAX_CHAT_SEARCH } from '@reverie/shared';
import { EmptyState } from '@/components/page/empty-state';
import { ErrorState } from '@/components/page/error-state';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { getErrorMessage } from '@/lib/api-client';
import { timeAgo } from '@/lib/format';
import { useAllChatsSearch } from '../api/search-all-chats';
import { SearchSnippet } from './search-snippet';

export function AllChatsSearchBox({ value, onChange }: { value: string; onChange: (text: string) => void }) {
  return (
    <form role="search" onSubmit={(e) => e.preventDefault()} className="relative mb-4">
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-subtle" aria-hidden="true" />
      <Input
        type="search"
        aria-label="Search all your chats"
        placeholder="Search all your chats…"
        maxLength={MAX_CHAT_SEARCH}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="pl-9"
      />
    </form>
  );
}

export function AllChatsResults({ q }: { q: string }) {
  const results = useAllChatsSearch(q);
  const groups = results.data?.pages.flatMap((p) => p.groups) ?? [];
  if (results.isError)
    return (
      <ErrorState
        title="The search failed"
        description={getErrorMessage(results.error, 'Please try again.')}
        onRetry={() => void results.refetch()}
      />
    );
  if (results.isPending)
    return (
      <div className="flex flex-col gap-3" aria-busy="true">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-28 w-full rounded-2xl" />
        ))}
      </div>
    );
  if (groups.length === 0)
    return <EmptyState icon={<SearchX />} title={`No messages match “${q}”`} description="Try another word, or fewer words." />;
  return (
    <div aria-live="polite" aria-busy={results.isFetching}>
      <ul className="flex flex-col gap-3" aria-label="Matches by character">
        {groups.map((g) => (
          <li key={g.character.id} className="rounded-2xl bg-surface p-3 ring-1 ring-border">
            <h2 className="mb-2 flex items-center gap-3">
              <Avatar name={g.character.name} src={g.character.avatarUrl} />
              <span className="min-w-0 truncate font-semibold text-fg">{g.character.name}</span>
              <span className="ml-auto shrink-0 text-xs text-fg-subtle">
                {g.total} {g.total === 1 ? 'match' : 'matches'}
              </span>
            </h2>
            <ul className="flex flex-col gap-1.5">
              {g.hits.map((hit) => (
                <li key={hit.messageId}>
                  <Link
                    to={`/chat/${g.character.id}?conversation=${hit.conversationId}&message=${hit.messageId}`}
                    className="block rounded-xl bg-surface-raised px-3 py-2 hover:bg-surface-hover focus-visible:ring-2 focus-visible:ring-primary focus-visible:outline-none"
                  >
                    <span className="block text-xs text-fg-subtle">
                      {hit.role === 'user' ? 'You' : g.character.name} · {timeAgo(hit.createdAt)}
                    </span>
                    <span className="line-clamp-2 text-sm break-words text-fg-muted">
                      <SearchSnippet hit={hit} />
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      {results.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <Button variant="secondary" onClick={() => void results.fetchNextPage()} disabled={results.isFetchingNextPage}>
            {results.isFetchingNextPage ? <Loader2 className="animate-spin" /> : null}
            {results.isFetchingNextPage ? 'Loading…' : 'More characters'}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
