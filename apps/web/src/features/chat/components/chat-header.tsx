import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { AudioLines, Brain, History, MoreHorizontal, Plus, Search } from 'lucide-react';
import type { ChatCharacter } from '@reverie/shared';
import { useMediaQuery } from '@/app/layout/use-media-query';
import { AiBadge } from '@/components/ui/ai-badge';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { ConversationHeader } from '@/features/conversation';
import { PersonaPicker } from '@/features/personas';
import { ChatTransferMenu, type ExtraMenuItem } from '@/features/transfer';
import { CallButton, CharacterVoiceDialog, useVoiceStatus } from '@/features/voice';
import { RateButton, RateStar, useRateInChat } from './rate-in-chat';

interface Props {
  character: ChatCharacter;
  conversationId: string;
  busy: boolean;
  /** No message of yours yet: the persona picker is offered. */
  fresh?: boolean;
  onHistory: () => void;
  onNewChat: () => void;
  onMemory: () => void;
  /** Search this conversation (issue 32). */
  onSearch?: () => void;
  /** A chat file was imported into a new conversation: open it. */
  onImported: (conversationId: string) => void;
  /** Which branch this is, and the way to the others (branches.tsx). */
  branch?: ReactNode;
}

/** What moves from a phone's header into its menu: a new chat, earlier chats, the memory. */
function phoneEntries({
  onNewChat,
  onHistory,
  onMemory,
  newChatOff,
}: Pick<Props, 'onNewChat' | 'onHistory' | 'onMemory'> & { newChatOff: boolean }): ExtraMenuItem[] {
  return [
    { label: 'New chat', icon: <Plus aria-hidden="true" />, onSelect: onNewChat, disabled: newChatOff },
    { label: 'Earlier chats', icon: <History aria-hidden="true" />, onSelect: onHistory },
    { label: 'Memory', icon: <Brain aria-hidden="true" />, onSelect: onMemory },
  ];
}

/** The character, your rating of it, earlier chats, a new chat, export/import, and (below 1280 px) the memory. */
export function ChatHeader({
  character,
  conversationId,
  busy,
  fresh,
  onHistory,
  onNewChat,
  onMemory,
  onSearch,
  onImported,
  branch,
}: Props) {
  const rate = useRateInChat(character.id, character.name);
  // On phones earlier chats, a new chat and the memory move into the menu (its trigger a "more" icon), so that the
  // character's name keeps room beside the buttons (issue 46: at 390 px 'Diagnostics' showed as 'D…').
  const roomy = useMediaQuery('(min-width: 640px)');
  const voice = useVoiceMenu(character);
  return (
    <ConversationHeader>
      <CharacterTitle character={character} />
      {/* From 1024 px a star of its own; the header's menu has rating as its first entry at every width (phones' way in). */}
      <RateButton rate={rate} className="hidden lg:inline-flex" />
      {onSearch ? (
        <Button size="sm" variant="ghost" onClick={onSearch} aria-label="Search this chat">
          <Search />
        </Button>
      ) : null}
      {branch}
      <PersonaPicker conversationId={conversationId} busy={busy} fresh={fresh} />
      <CallButton character={character} conversationId={conversationId} disabled={busy} showLabel={roomy} />
      {/* Words beside the icons where the header has room: phones turned sideways and tablets (the chat has the full
          width), and from 1536 px; between, the sidebar and the memory panel leave the character's name too little. */}
      {roomy ? (
        <Button size="sm" variant="ghost" onClick={onHistory} aria-label="Earlier chats" title="Earlier chats">
          <History />
          <span className="lg:hidden 2xl:inline">Chats</span>
        </Button>
      ) : null}
      {roomy ? (
        <Button size="sm" variant="secondary" onClick={onNewChat} disabled={busy || character.deleted}>
          <Plus aria-hidden="true" />
          New chat
        </Button>
      ) : null}
      <ChatTransferMenu
        characterId={character.id}
        characterName={character.name}
        conversationId={conversationId}
        onImported={(result) => onImported(result.conversationId)}
        icon={roomy ? undefined : <MoreHorizontal aria-hidden="true" />}
        extras={[
          {
            label: rate.mine ? `Your rating: ${rate.mine} of 5` : `Rate ${character.name}`,
            triggerLabel: `Rate ${character.name}`,
            icon: <RateStar mine={rate.mine} />,
            onSelect: rate.open,
          },
          ...voice.entries,
          ...(roomy ? [] : phoneEntries({ onNewChat, onHistory, onMemory, newChatOff: busy || character.deleted })),
        ]}
      />
      {roomy ? (
        <Button size="sm" variant="ghost" className="xl:hidden" onClick={onMemory} aria-label="Memory">
          <Brain />
        </Button>
      ) : null}
      {rate.dialog}
      {voice.dialog}
    </ConversationHeader>
  );
}

/** The character's name, its AI label and its creator, linking to its page. */
function CharacterTitle({ character }: { character: ChatCharacter }) {
  return (
    <Link
      to={`/characters/${character.id}`}
      className="flex min-w-0 flex-1 items-center gap-3 rounded-xl focus-visible:ring-2 focus-visible:ring-primary focus-visible:outline-none"
    >
      <Avatar name={character.name} src={character.avatarUrl} />
      <span className="min-w-0">
        <span className="line-clamp-2 font-semibold break-words text-fg sm:block sm:truncate">{character.name}</span>
        <span className="flex min-w-0 items-center gap-1.5 text-xs text-fg-subtle">
          <AiBadge label={`${character.name} is an AI, not a person`} />
          <span className="truncate">
            by @{character.creator.username}
            {character.deleted ? ' · character deleted' : ''}
          </span>
        </span>
      </span>
    </Link>
  );
}

/** "Voice" in the menu when speech is on: the user's own voice for this character. */
function useVoiceMenu(character: ChatCharacter) {
  const { data: status } = useVoiceStatus();
  const [open, setOpen] = useState(false);
  if (!status || status.speech.provider === 'off') return { entries: [], dialog: null };
  const entries: ExtraMenuItem[] = [{ label: 'Voice', icon: <AudioLines aria-hidden="true" />, onSelect: () => setOpen(true) }];
  const dialog = <CharacterVoiceDialog characterId={character.id} characterName={character.name} open={open} onOpenChange={setOpen} />;
  return { entries, dialog };
}
