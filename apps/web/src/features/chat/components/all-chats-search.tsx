// Search across all of your chats (the chats page): matches grouped by character and by group chat, newest first,
// each with a snippet and a link that opens the conversation at the match.
import { Link } from 'react-router';
import { Loader2, Search, SearchX } from 'lucide-react';
import { MAX_CHAT_SEARCH, type ChatSearchGroup, type ChatSearchHit } from '@reverie/shared';
import { EmptyState } from '@/components/page/empty-state';
import { ErrorState } from '@/components/page/error-state';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { StackedAvatars } from '@/features/groups';
import { getErrorMessage } from '@/lib/api-client';
import { timeAgo } from '@/lib/format';
import { useAllChatsSearch } from '../api/search-all-chats';
import { SearchSnippet } from '@/features/conversation';

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
      <ul className="flex flex-col gap-3" aria-label="Matches by chat">
        {groups.map((g) => (
          <li
            key={g.kind === 'groupChat' ? `group-${g.groupChat.id}` : g.character.id}
            className="rounded-2xl bg-surface p-3 ring-1 ring-border"
          >
            <ResultHeading result={g} />
            <ul className="flex flex-col gap-1.5">
              {hitLinks(g).map(({ hit, to, author }) => (
                <li key={hit.messageId}>
                  <Link
                    to={to}
                    className="block rounded-xl bg-surface-raised px-3 py-2 hover:bg-surface-hover focus-visible:ring-2 focus-visible:ring-primary focus-visible:outline-none"
                  >
                    <span className="block truncate text-xs text-fg-subtle">
                      {author} · {timeAgo(hit.createdAt)}
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
            {results.isFetchingNextPage ? 'Loading…' : 'More chats'}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** Each hit with where it opens (the conversation at the message) and who wrote it. */
function hitLinks(g: ChatSearchGroup): { hit: ChatSearchHit; to: string; author: string }[] {
  if (g.kind === 'groupChat') {
    return g.hits.map((hit) => ({
      hit,
      to: `/group/${g.groupChat.id}?message=${hit.messageId}`,
      author: hit.role === 'user' ? 'You' : (hit.speaker?.name ?? 'A former member'),
    }));
  }
  return g.hits.map((hit) => ({
    hit,
    to: `/chat/${g.character.id}?conversation=${hit.conversationId}&message=${hit.messageId}`,
    author: hit.role === 'user' ? 'You' : g.character.name,
  }));
}

/** A character's face and name, or a group chat's stacked faces, name and members; and the match count. */
function ResultHeading({ result: g }: { result: ChatSearchGroup }) {
  const count = (
    <span className="ml-auto shrink-0 text-xs text-fg-subtle">
      {g.total} {g.total === 1 ? 'match' : 'matches'}
    </span>
  );
  if (g.kind === 'character') {
    return (
      <h2 className="mb-2 flex items-center gap-3">
        <Avatar name={g.character.name} src={g.character.avatarUrl} />
        <span className="min-w-0 truncate font-semibold text-fg">{g.character.name}</span>
        {count}
      </h2>
    );
  }
  const { name, members } = g.groupChat;
  return (
    <h2 className="mb-2 flex items-center gap-3">
      {/* The names are in the line below: the faces would only repeat them to a screen reader. */}
      <span aria-hidden="true" className="shrink-0">
        <StackedAvatars members={members} size="sm" />
      </span>
      <span className="min-w-0">
        <span className="block truncate font-semibold text-fg">{name}</span>
        <span className="block truncate text-xs font-normal text-fg-subtle">Group chat · {members.map((m) => m.name).join(', ')}</span>
      </span>
      {count}
    </h2>
  );
}
