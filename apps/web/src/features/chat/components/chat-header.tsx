import { Link } from 'react-router';
import { ArrowLeft, Brain, History, Plus } from 'lucide-react';
import type { ChatCharacter } from '@reverie/shared';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { ChatTransferMenu } from '@/features/transfer/components/chat-transfer-menu';
import { RateButton, RateStar, useRateInChat } from './rate-in-chat';

interface Props {
  character: ChatCharacter;
  conversationId: string;
  busy: boolean;
  onHistory: () => void;
  onNewChat: () => void;
  onMemory: () => void;
  /** A chat file was imported into a new conversation: open it. */
  onImported: (conversationId: string) => void;
}

/** The character, your rating of it, earlier chats, a new chat, export/import, and (below 1280 px) the memory. */
export function ChatHeader({ character, conversationId, busy, onHistory, onNewChat, onMemory, onImported }: Props) {
  const rate = useRateInChat(character.id, character.name);
  return (
    <header className="flex items-center gap-2 border-b border-border px-2 py-2 pt-[max(0.5rem,env(safe-area-inset-top))] sm:gap-3 sm:px-4 lg:py-2.5">
      <Button asChild size="icon" variant="ghost" className="lg:hidden">
        <Link to="/chat" aria-label="Back to chats">
          <ArrowLeft />
        </Link>
      </Button>
      <Link
        to={`/characters/${character.id}`}
        className="flex min-w-0 flex-1 items-center gap-3 rounded-xl focus-visible:ring-2 focus-visible:ring-primary focus-visible:outline-none"
      >
        <Avatar name={character.name} src={character.avatarUrl} />
        <span className="min-w-0">
          <span className="block truncate font-semibold text-fg">{character.name}</span>
          <span className="block truncate text-xs text-fg-subtle">
            by @{character.creator.username}
            {character.deleted ? ' · character deleted' : ''}
          </span>
        </span>
      </Link>
      {/* From 1024 px a star of its own; the header's menu has rating as its first entry at every width (phones' way in). */}
      <RateButton rate={rate} className="hidden lg:inline-flex" />
      <Button size="sm" variant="ghost" onClick={onHistory} aria-label="Earlier chats">
        <History />
        <span className="hidden sm:inline">Chats</span>
      </Button>
      <Button size="sm" variant="secondary" onClick={onNewChat} disabled={busy || character.deleted}>
        <Plus />
        <span className="hidden sm:inline">New chat</span>
      </Button>
      <ChatTransferMenu
        characterId={character.id}
        characterName={character.name}
        conversationId={conversationId}
        onImported={(result) => onImported(result.conversationId)}
        extra={{
          label: rate.mine ? `Your rating: ${rate.mine} of 5` : `Rate ${character.name}`,
          triggerLabel: `Rate ${character.name}`,
          icon: <RateStar mine={rate.mine} />,
          onSelect: rate.open,
        }}
      />
      <Button size="sm" variant="ghost" className="xl:hidden" onClick={onMemory} aria-label="Memory">
        <Brain />
      </Button>
      {rate.dialog}
    </header>
  );
}
