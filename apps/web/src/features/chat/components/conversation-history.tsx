import { useNavigate } from 'react-router';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { messagePreview } from '@/features/conversation';
import { formatDate } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useCharacterConversations } from '../api/get-character-conversations';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  characterId: string;
  characterName: string;
  /** The conversation on screen (marked "open"). */
  conversationId: string;
}

/** The earlier chats with this character; picking one opens it. Loaded when the dialog opens. */
export function ConversationHistory({ open, onOpenChange, characterId, characterName, conversationId }: Props) {
  const navigate = useNavigate();
  const conversations = useCharacterConversations(characterId, open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[85dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Chats with {characterName}</DialogTitle>
          <DialogDescription>Each one keeps its own history and memory.</DialogDescription>
        </DialogHeader>
        {conversations.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : conversations.data?.items.length ? (
          <ul className="flex flex-col gap-2">
            {conversations.data.items.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  className={cn(
                    'w-full rounded-xl bg-surface-raised px-3 py-2 text-left ring-1 ring-border hover:bg-surface-hover focus-visible:ring-2 focus-visible:ring-primary focus-visible:outline-none',
                    c.id === conversationId && 'ring-primary',
                  )}
                  onClick={() => {
                    onOpenChange(false);
                    navigate(`/chat/${characterId}?conversation=${c.id}`);
                  }}
                >
                  <span className="block text-xs text-fg-subtle">
                    {formatDate(c.updatedAt, 'dateTime')} · {c.messageCount} messages{c.id === conversationId ? ' · open' : ''}
                  </span>
                  <span className="line-clamp-2 text-sm text-fg-muted">
                    {c.lastMessage ? messagePreview(c.lastMessage.content) : 'No messages yet'}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-fg-subtle">No other chats yet.</p>
        )}
      </DialogContent>
    </Dialog>
  );
}
