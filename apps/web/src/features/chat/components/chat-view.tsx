// The conversation with one character: the page's states, then the conversation itself, assembled from the header,
// the message list, the composer and the memory. The session lives in the query cache; the reply stream updates it.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { pictureRequest, type ChatSession } from '@reverie/shared';
import { useMembershipModal } from '@/features/billing';
import { useGuestPrompt } from '@/features/guest';
import { HandsFreeButton, ListenButton, MicButton, useAutoPlay } from '@/features/voice';
import { toast } from '@/lib/toast';
import {
  ChatLoadError,
  ChatSkeleton,
  Composer,
  ConversationFrame,
  GuestChat,
  MessageActionDialogs,
  MessageList,
  needsMembership,
  sendBlockedReason,
  useChatProblem,
  useConversationView,
  type MessageActions,
} from '@/features/conversation';
import { useChatSession } from '../api/get-session';
import { useNewConversation } from '../api/new-conversation';
import { useAskPicture } from '../hooks/use-ask-picture';
import { useChatPrices } from '../hooks/use-chat-prices';
import { useChatReply } from '../hooks/use-chat-reply';
import { ChatHeader } from './chat-header';
import { ConversationHistory } from './conversation-history';
import { WritesFirstSetting } from './writes-first-setting';

export interface ChatViewProps {
  characterId: string;
  signedIn: boolean;
  userName: string;
  /** Extra header content (the diagnostics strip of /test-chat). */
  banner?: (last: { tokens: number; ms: number } | null) => ReactNode;
}

export function ChatView({ characterId, signedIn, userName, banner }: ChatViewProps) {
  const [params] = useSearchParams();
  const conversationId = params.get('conversation') ?? undefined;
  const session = useChatSession(characterId, conversationId, signedIn);
  const guestPrompt = useGuestPrompt();
  useOfferMembership(needsMembership(session.error));

  if (!signedIn) return <GuestChat characterId={characterId} onSignUp={() => guestPrompt.open(`chat with this character`)} />;
  if (session.isError) return <ChatLoadError error={session.error} onRetry={() => void session.refetch()} />;
  if (!session.data) return <ChatSkeleton />;
  return <Conversation session={session.data} {...{ characterId, conversationId, userName, banner }} />;
}

/** A premium character without the membership: the membership modal opens by itself, once (product.md §2). */
function useOfferMembership(required: boolean) {
  const membership = useMembershipModal();
  const offered = useRef(false);
  useEffect(() => {
    if (!required || offered.current) return;
    offered.current = true;
    membership.open('chat with premium characters');
  }, [required, membership]);
}

interface ConversationProps extends Omit<ChatViewProps, 'signedIn'> {
  /** The conversation the address names (undefined: the current one). */
  conversationId: string | undefined;
  session: ChatSession;
}

function Conversation({ characterId, conversationId, session, userName, banner }: ConversationProps) {
  const [, setParams] = useSearchParams();
  const { character, messages } = session;
  const convId = session.conversation.id;
  const { problem, explain, clearProblem } = useChatProblem(character.name);
  const [dialog, setDialog] = useState<'memory' | 'history' | 'search' | null>(null);
  const reply = useChatReply({ characterId, conversationId, session, explain, clearProblem, onBegin: () => view.begin() });
  const view = useConversationView({ characterId, session, streaming: reply.streaming, userName, explain });
  const prices = useChatPrices(characterId, session);
  const startNew = useStartNew(characterId, explain);
  const busy = reply.streaming !== null;
  useAutoPlay({ characterId, messages, generating: busy });
  const picture = useAskPicture({
    characterId,
    conversationId: convId,
    busy,
    explain,
    clearProblem,
    onAdded: () => {
      view.list.follow();
      void reply.resync();
    },
  });

  const header = (
    <ChatHeader
      {...{ character, busy, conversationId: convId }}
      fresh={!messages.some((m) => m.role === 'user')}
      onHistory={() => setDialog('history')}
      onNewChat={startNew}
      onMemory={() => setDialog('memory')}
      onSearch={() => setDialog('search')}
      onImported={(id) => setParams({ conversation: id })}
      branch={view.branches.button}
    />
  );
  const composer = (
    <ChatComposer
      {...{ character, busy, prices }}
      cost={session.cost}
      sendBlocked={sendBlockedReason(view.model.data)}
      onMessage={(text) => reply.generate('message', text)}
      onStop={reply.stop}
      picture={picture}
    />
  );

  return (
    <ConversationFrame
      {...{ view, characterId, dialog, problem, header }}
      above={banner?.(reply.lastStats)}
      conversationId={convId}
      name={character.name}
      memory={session.memory}
      memoryExtra={<WritesFirstSetting conversationId={convId} characterName={character.name} />}
      onCloseDialog={() => setDialog(null)}
      onRetry={reply.retry}
      onDismiss={clearProblem}
      search={{ label: `Search the chat with ${character.name}`, replyAuthor: () => character.name }}
      list={
        <MessageList
          {...view.listProps}
          character={character}
          freeReply={session.freeReply ?? false}
          price={prices.message}
          generate={(kind, messageId) => void prices.guard(kind, () => reply.generate(kind, undefined, messageId), messageId)}
          listen={(m) => <ListenButton characterId={characterId} message={m} />}
        />
      }
      controls={composer}
      dialogs={<ConversationDialogs {...{ dialog, session, actions: view.actions }} onClose={() => setDialog(null)} />}
      after={
        <>
          {prices.dialog}
          {view.branches.dialog}
        </>
      }
    />
  );
}

/** "New chat": a fresh conversation with the character, opened at its address. */
function useStartNew(characterId: string, explain: (error: unknown) => boolean) {
  const [, setParams] = useSearchParams();
  const newChat = useNewConversation();
  return () =>
    newChat.mutate(characterId, {
      onSuccess: (fresh) => setParams({ conversation: fresh.conversation.id }),
      onError: (error) => {
        if (!explain(error)) toast({ title: 'Could not start a new chat', variant: 'destructive' });
      },
    });
}

interface ChatComposerProps {
  character: ChatSession['character'];
  cost: ChatSession['cost'];
  busy: boolean;
  sendBlocked: string | null;
  prices: ReturnType<typeof useChatPrices>;
  picture: ReturnType<typeof useAskPicture>;
  onMessage: (text: string) => Promise<boolean>;
  onStop: () => void;
}

/** The composer: a message, or a picture asked for in words or with its button, each paid as priced. */
function ChatComposer({ character, cost, busy, sendBlocked, prices, picture, onMessage, onStop }: ChatComposerProps) {
  return (
    <Composer
      characterName={character.name}
      cost={cost}
      generating={busy}
      disabled={character.deleted}
      disabledReason="This character was deleted: the conversation can be read but not continued."
      sendBlocked={sendBlocked}
      onSend={(text) =>
        pictureRequest(text) ? prices.guard('picture', () => picture.ask(text)) : prices.guard('message', () => onMessage(text))
      }
      onStop={onStop}
      onPicture={() => void prices.guard('picture', () => picture.ask())}
      picturePrice={prices.picture}
      picturePending={picture.pending || !prices.picture}
      voiceInput={(insert) => (
        <>
          <HandsFreeButton characterId={character.id} disabled={character.deleted} onTranscript={insert} />
          <MicButton characterId={character.id} disabled={character.deleted} onTranscript={insert} />
        </>
      )}
    />
  );
}

interface DialogsProps {
  dialog: 'memory' | 'history' | 'search' | null;
  onClose: () => void;
  session: ChatSession;
  actions: MessageActions;
}

/** The earlier chats, opened from the header; a message's delete and report. */
function ConversationDialogs({ dialog, onClose, session, actions }: DialogsProps) {
  const { character, conversation } = session;
  const onOpenChange = (open: boolean) => !open && onClose();
  return (
    <>
      <ConversationHistory
        open={dialog === 'history'}
        onOpenChange={onOpenChange}
        characterId={character.id}
        characterName={character.name}
        conversationId={conversation.id}
      />
      <MessageActionDialogs dialogs={actions.dialogs} characterName={character.name} />
    </>
  );
}
