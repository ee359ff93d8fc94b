import { useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { GitBranch, MessagesSquare, Trash2, UsersRound } from 'lucide-react';
import type { ConversationSummary } from '@reverie/shared';
import { EmptyState } from '@/components/page/empty-state';
import { ErrorState } from '@/components/page/error-state';
import { LinkButton } from '@/components/page/link-button';
import { Page } from '@/components/page/page';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useSession } from '@/features/auth';
import { deleteConversation, messagePreview, useConversations, useSettledQuery } from '@/features/conversation';
import { AllChatsResults, AllChatsSearchBox } from '@/features/chat';
import { chatKeys } from '@/lib/query-keys/chat';
import { useGuestPrompt } from '@/features/guest';
import { GroupCreator, StackedAvatars } from '@/features/groups';
import { getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { timeAgo } from '@/lib/format';

/** One conversation (or group chat): who it is with, its branch, whether it is unread, the last message, and a delete button. */
function ConversationRow({ conversation: c, onDelete }: { conversation: ConversationSummary; onDelete: (c: ConversationSummary) => void }) {
  return (
    <li className="group relative flex items-center gap-3 rounded-2xl bg-surface p-3 ring-1 ring-border transition-colors hover:bg-surface-hover">
      {c.group ? (
        <StackedAvatars members={c.group.members} size="sm" />
      ) : (
        <Avatar name={c.character.name} src={c.character.avatarUrl} size="lg" className="max-sm:size-11" />
      )}
      <Link
        to={c.group ? `/group/${c.group.id}` : `/chat/${c.character.id}?conversation=${c.id}`}
        className="min-w-0 flex-1 rounded-lg after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-primary"
      >
        <span className="flex items-start gap-2 sm:items-center">
          <span className="line-clamp-2 min-w-0 font-semibold break-words text-fg sm:truncate">{c.group?.name ?? c.character.name}</span>
          {c.group ? <span className="hidden shrink-0 text-xs text-fg-subtle sm:inline">group · {c.group.members.length}</span> : null}
          {c.branch ? (
            <span
              className="flex shrink-0 items-center gap-1 text-xs text-fg-subtle"
              title={`${c.branch.position} of ${c.branch.count} branches`}
            >
              <GitBranch className="size-3" aria-hidden="true" />
              {c.branch.title}
            </span>
          ) : null}
          {c.unread ? <span className="size-2 shrink-0 rounded-full bg-primary" aria-label="unread" /> : null}
          {c.character.deleted && !c.group ? <span className="text-xs text-fg-subtle">character deleted</span> : null}
          <span className="ml-auto shrink-0 pt-0.5 text-xs text-fg-subtle sm:pt-0">{timeAgo(c.lastMessage?.createdAt ?? c.updatedAt)}</span>
        </span>
        <span className="mt-0.5 line-clamp-1 text-sm text-fg-muted">
          {c.lastMessage ? `${c.lastMessage.role === 'user' ? 'You: ' : ''}${messagePreview(c.lastMessage.content)}` : 'No messages yet'}
        </span>
      </Link>
      <Button
        size="icon-sm"
        variant="ghost"
        className="relative z-10"
        aria-label={c.group ? `Delete the group chat ${c.group.name}` : `Delete the conversation with ${c.character.name}`}
        onClick={() => onDelete(c)}
      >
        <Trash2 />
      </Button>
    </li>
  );
}

/** What the page shows: an invitation to sign up, search results, loading, an error, an empty state or the conversations. */
function ChatsContent({
  signedIn,
  q,
  searchText,
  conversations,
  items,
  onDelete,
}: {
  signedIn: boolean;
  q: string;
  searchText: string;
  conversations: ReturnType<typeof useConversations>;
  items: ConversationSummary[];
  onDelete: (c: ConversationSummary) => void;
}) {
  return !signedIn ? (
    <EmptyState
      icon={<MessagesSquare />}
      title="Your conversations live here"
      description="Sign up to chat with characters; every conversation is kept, most recent first."
      action={<LinkButton to="/">Discover characters</LinkButton>}
    />
  ) : q && searchText.trim() ? (
    <AllChatsResults q={q} />
  ) : conversations.isPending ? (
    <div className="flex flex-col gap-3" aria-busy="true">
      {Array.from({ length: 4 }, (_, i) => (
        <Skeleton key={i} className="h-20 w-full rounded-2xl" />
      ))}
    </div>
  ) : conversations.isError ? (
    <ErrorState
      title="Your chats could not be loaded"
      description={getErrorMessage(conversations.error, 'Please try again.')}
      onRetry={() => void conversations.refetch()}
    />
  ) : items.length === 0 ? (
    <EmptyState
      icon={<MessagesSquare />}
      title="No conversations yet"
      description="Find a character you like and say hello. Your conversations will be listed here, most recent first."
      action={<LinkButton to="/">Discover characters</LinkButton>}
    />
  ) : (
    <>
      <ul className="flex flex-col gap-2" aria-label="Conversations">
        {items.map((c) => (
          <ConversationRow key={c.id} conversation={c} onDelete={onDelete} />
        ))}
      </ul>
      {conversations.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <Button variant="secondary" onClick={() => void conversations.fetchNextPage()} disabled={conversations.isFetchingNextPage}>
            {conversations.isFetchingNextPage ? 'Loading…' : 'Show more'}
          </Button>
        </div>
      ) : null}
    </>
  );
}

export default function RecentChatsPage() {
  const { user } = useSession();
  const guestPrompt = useGuestPrompt();
  const conversations = useConversations(!!user);
  const queryClient = useQueryClient();
  const [toDelete, setToDelete] = useState<ConversationSummary | null>(null);
  const [busy, setBusy] = useState(false);
  const [creating, setCreating] = useState(false);
  const [searchText, setSearchText] = useState('');
  const q = useSettledQuery(searchText);
  const items = conversations.data?.pages.flatMap((p) => p.items) ?? [];

  const remove = async () => {
    if (!toDelete) return;
    setBusy(true);
    try {
      await deleteConversation(toDelete.id);
      toast({ title: 'Conversation deleted', variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: chatKeys.all });
    } catch (error) {
      toast({ title: 'Not deleted', description: getErrorMessage(error, 'Please try again.'), variant: 'destructive' });
    } finally {
      setBusy(false);
      setToDelete(null);
    }
  };

  return (
    <Page
      title="Chats"
      description="Pick up right where you left off."
      icon={<MessagesSquare />}
      actions={
        user ? (
          <Button variant="secondary" onClick={() => setCreating(true)}>
            <UsersRound /> New group
          </Button>
        ) : undefined
      }
    >
      {user && (items.length > 0 || searchText) ? <AllChatsSearchBox value={searchText} onChange={setSearchText} /> : null}
      <ChatsContent signedIn={!!user} q={q} searchText={searchText} conversations={conversations} items={items} onDelete={setToDelete} />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Delete this conversation?"
        description={
          toDelete?.group
            ? `The group ${toDelete.group.name}, its messages and its memory are deleted for good.`
            : `Every message with ${toDelete?.character.name ?? 'this character'} and its memory are deleted for good.`
        }
        confirmLabel="Delete"
        busyLabel="Deleting…"
        busy={busy}
        destructive
        onConfirm={() => void remove()}
      />
      <GroupCreator open={creating} onOpenChange={setCreating} />
      {!user ? (
        <div className="mt-4 flex justify-center">
          <Button onClick={() => guestPrompt.open('chat with characters')}>Sign up to chat</Button>
        </div>
      ) : null}
    </Page>
  );
}
