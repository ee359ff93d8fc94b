// The conversation with one character: the page's states, then the conversation itself, assembled from the header,
// the message list, the composer and the memory. The session lives in the query cache; the reply stream updates it.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { pictureRequest, type ChatSession } from '@reverie/shared';
import { useMembershipModal } from '@/features/billing/components/membership-modal-context';
import { useGuestPrompt } from '@/features/guest/guest-prompt-context';
import { toast } from '@/lib/toast';
import { useChatSession } from '../api/get-session';
import { useJumpFromAddress } from '../hooks/use-jump-from-address';
import { useMessageWindow } from '../hooks/use-message-window';
import { ChatSearchDialog } from './chat-search-dialog';
import { NewerEdge, OlderEdge } from './message-window-edges';
import { useChatStatus } from '../api/get-status';
import { useNewConversation } from '../api/new-conversation';
import { useAskPicture } from '../hooks/use-ask-picture';
import { useChatPrices } from '../hooks/use-chat-prices';
import { useChatProblem } from '../hooks/use-chat-problem';
import { useReplyStream } from '../hooks/use-reply-stream';
import { useStickToBottom } from '../hooks/use-stick-to-bottom';
import { useBranches } from './branches';
import { useChatUser } from '@/features/personas/components/persona-picker';
import { ChatHeader } from './chat-header';
import { ChatLoadError, ChatSkeleton, GuestChat, needsMembership } from './chat-states';
import { Composer } from './composer';
import { ConversationHistory } from './conversation-history';
import { MemoryAside, MemoryDialog } from './memory-panel';
import { MessageActionDialogs, useMessageActions, type MessageActions } from './message-actions';
import { MessageList } from './message-list';
import { ModelStatus, sendBlockedReason } from './model-status';
import { ProblemBanner } from './problem-banner';

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
  const model = useChatStatus();
  const { problem, explain, clearProblem } = useChatProblem(character.name);
  const [dialog, setDialog] = useState<'memory' | 'history' | 'search' | null>(null);
  const reply = useReplyStream({
    characterId,
    conversationId,
    session,
    explain,
    clearProblem,
    onBegin: () => {
      win.toLatest();
      list.follow();
    },
  });
  const list = useStickToBottom([messages, reply.streaming?.text, reply.streaming?.queue]);
  const win = useMessageWindow(session, list.scroller);
  useJumpFromAddress(win.jumpTo);
  const actions = useMessageActions({ characterId, messages: win.messages, explain });
  const prices = useChatPrices(characterId, session);
  const newChat = useNewConversation();
  const branches = useBranches({ characterId, conversationId: convId, explain });
  const busy = reply.streaming !== null;
  const me = useChatUser(convId, userName);
  const picture = useAskPicture({
    characterId,
    conversationId: convId,
    busy,
    explain,
    clearProblem,
    onAdded: () => {
      list.follow();
      void reply.resync();
    },
  });

  const startNew = () =>
    newChat.mutate(characterId, {
      onSuccess: (fresh) => setParams({ conversation: fresh.conversation.id }),
      onError: (error) => {
        if (!explain(error)) toast({ title: 'Could not start a new chat', variant: 'destructive' });
      },
    });

  return (
    // Below 1024 px the conversation is the whole screen (the shell hides its header and bottom bar), ending above the
    // on-screen keyboard (--vvh, the visual viewport); on desktop it runs to the window's edge under the header.
    <div className="flex h-(--vvh,100dvh) min-h-0 lg:-mb-10 lg:h-[calc(100dvh-var(--header-h))]">
      <div className="flex min-w-0 flex-1 flex-col">
        <ChatHeader
          {...{ character, busy, conversationId: convId }}
          fresh={!messages.some((m) => m.role === 'user')}
          onHistory={() => setDialog('history')}
          onNewChat={startNew}
          onMemory={() => setDialog('memory')}
          onSearch={() => setDialog('search')}
          onImported={(id) => setParams({ conversation: id })}
          branch={branches.button}
        />
        {branches.strip}
        {banner?.(reply.lastStats)}
        <MessageList
          {...{ character, actions, scroller: list.scroller }}
          userName={me.name}
          userAvatar={me.avatarUrl}
          messages={win.messages}
          onScroll={() => {
            list.onScroll();
            win.onScroll();
          }}
          top={<OlderEdge win={win} />}
          bottom={<NewerEdge win={win} />}
          atNewest={win.atNewest}
          highlightId={win.highlight}
          streaming={reply.streaming}
          freeReply={session.freeReply ?? false}
          price={prices.message}
          generate={(kind, messageId) => void prices.guard(kind, () => reply.generate(kind, undefined, messageId), messageId)}
          onBranch={branches.forking ? undefined : branches.branchFrom}
        />
        <ModelStatus status={model.data} />
        {problem && !(problem.kind === 'model' && model.data && !model.data.ready) ? (
          <ProblemBanner problem={problem} characterId={characterId} onRetry={reply.retry} onDismiss={clearProblem} />
        ) : null}
        <Composer
          characterName={character.name}
          cost={session.cost}
          generating={busy}
          disabled={character.deleted}
          disabledReason="This character was deleted: the conversation can be read but not continued."
          sendBlocked={sendBlockedReason(model.data)}
          onSend={(text) =>
            pictureRequest(text)
              ? prices.guard('picture', () => picture.ask(text))
              : prices.guard('message', () => reply.generate('message', text))
          }
          onStop={reply.stop}
          onPicture={() => void prices.guard('picture', () => picture.ask())}
          picturePrice={prices.picture}
          picturePending={picture.pending || !prices.picture}
        />
      </div>
      <MemoryAside conversationId={convId} memory={session.memory} />
      <ConversationDialogs {...{ dialog, session, actions }} onClose={() => setDialog(null)} />
      <ChatSearchDialog
        open={dialog === 'search'}
        onOpenChange={(open) => !open && setDialog(null)}
        conversationId={convId}
        searchLabel={`Search the chat with ${character.name}`}
        replyAuthor={() => character.name}
        onJump={win.jumpTo}
      />
      {prices.dialog}
      {branches.dialog}
    </div>
  );
}

interface DialogsProps {
  dialog: 'memory' | 'history' | 'search' | null;
  onClose: () => void;
  session: ChatSession;
  actions: MessageActions;
}

/** The memory (below 1280 px) and the earlier chats, opened from the header; a message's delete and report. */
function ConversationDialogs({ dialog, onClose, session, actions }: DialogsProps) {
  const { character, conversation, memory } = session;
  const onOpenChange = (open: boolean) => !open && onClose();
  return (
    <>
      <MemoryDialog
        open={dialog === 'memory'}
        {...{ onOpenChange, memory }}
        characterName={character.name}
        conversationId={conversation.id}
      />
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
