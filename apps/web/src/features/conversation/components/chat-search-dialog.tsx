// Search this conversation (header action of a one-to-one or a group chat): matches newest first with snippets;
// picking one shows it in the conversation (its page loaded around it) and highlights it.
import { useState } from 'react';
import { Loader2, Search } from 'lucide-react';
import { MAX_CHAT_SEARCH, type ChatSearchGroupChatHit } from '@reverie/shared';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { getErrorMessage } from '@/lib/api-client';
import { timeAgo } from '@/lib/format';
import { useConversationSearch } from '../api/search-conversation';
import { SearchSnippet, useSettledQuery } from './search-snippet';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  conversationId: string;
  /** The search box's accessible name, e.g. "Search the chat with Mira Vale". */
  searchLabel: string;
  /** Who wrote a reply: the character, or in a group chat its speaker. */
  replyAuthor: (hit: ChatSearchGroupChatHit) => string;
  onJump: (messageId: string) => void;
}

export function ChatSearchDialog({ open, onOpenChange, conversationId, searchLabel, replyAuthor, onJump }: Props) {
  const [text, setText] = useState('');
  const q = useSettledQuery(text);
  const results = useConversationSearch(conversationId, open ? q : '');
  const items = results.data?.items ?? [];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="flex max-h-[85dvh] flex-col sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Search this chat</DialogTitle>
          <DialogDescription>Words in any form; small typos are forgiven. Pick a match to see it in the chat.</DialogDescription>
        </DialogHeader>
        <form role="search" onSubmit={(e) => e.preventDefault()} className="relative">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-subtle" aria-hidden="true" />
          <Input
            type="search"
            aria-label={searchLabel}
            placeholder="Search messages…"
            maxLength={MAX_CHAT_SEARCH}
            value={text}
            onChange={(e) => setText(e.target.value)}
            className="pl-9"
            autoFocus
          />
        </form>
        <div className="mt-3 min-h-24 overflow-y-auto" aria-live="polite" aria-busy={results.isFetching}>
          {!q ? (
            <p className="py-6 text-center text-sm text-fg-subtle">Type a word to find it in this conversation.</p>
          ) : results.isError ? (
            <p className="py-6 text-center text-sm text-danger" role="alert">
              {getErrorMessage(results.error, 'The search failed. Please try again.')}
            </p>
          ) : results.isPending ? (
            <p className="flex items-center justify-center gap-2 py-6 text-sm text-fg-subtle">
              <Loader2 className="size-4 animate-spin" /> Searching…
            </p>
          ) : items.length === 0 ? (
            <p className="py-6 text-center text-sm text-fg-subtle">No messages match “{q}”.</p>
          ) : (
            <>
              <p className="mb-2 text-xs text-fg-subtle">
                {results.data?.hasMore
                  ? `The ${items.length} newest matches`
                  : `${items.length} ${items.length === 1 ? 'match' : 'matches'}`}
              </p>
              <ul className="flex flex-col gap-2" aria-label="Matches">
                {items.map((hit) => (
                  <li key={hit.messageId}>
                    <button
                      type="button"
                      className="w-full rounded-xl bg-surface-raised px-3 py-2 text-left ring-1 ring-border hover:bg-surface-hover focus-visible:ring-2 focus-visible:ring-primary focus-visible:outline-none"
                      onClick={() => {
                        onOpenChange(false);
                        onJump(hit.messageId);
                      }}
                    >
                      <span className="block text-xs text-fg-subtle">
                        {hit.role === 'user' ? 'You' : replyAuthor(hit)} · {timeAgo(hit.createdAt)}
                      </span>
                      <span className="line-clamp-3 text-sm break-words text-fg-muted">
                        <SearchSnippet hit={hit} />
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
