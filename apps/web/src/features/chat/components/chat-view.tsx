// The conversation with one character: history, the reply streaming in, and everything a message can do.
import { Fragment, useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, ArrowLeft, Brain, Coins, History, Loader2, Plus, RefreshCw, WifiOff } from 'lucide-react';
import { pictureRequest, type ChatMemory, type ChatMessage, type ChatSession, type ContentProblem } from '@reverie/shared';
import { ErrorState } from '@/components/page/error-state';
import { NotFound } from '@/components/page/not-found';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { BlockedProblems, problemsOf } from '@/features/moderation/components/blocked-problems';
import { ReportDialog } from '@/features/moderation/components/report-dialog';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useMembershipModal } from '@/features/billing/components/membership-modal-context';
import { useGuestPrompt } from '@/features/guest/guest-prompt-context';
import { ApiError, getErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { requestChatPicture } from '@/features/images/api/request-chat-picture';
import { cn } from '@/lib/utils';
import { deleteMessage } from '../api/delete-message';
import { editMessage } from '../api/edit-message';
import { useCharacterConversations } from '../api/get-character-conversations';
import { getChatSession, useChatSession } from '../api/get-session';
import { useChatStatus } from '../api/get-status';
import { newConversation } from '../api/new-conversation';
import { chatKeys } from '../api/query-keys';
import { ConnectionLostError, StreamError, streamReply, type ReplyKind } from '../api/stream-reply';
import { ChatTransferMenu } from '@/features/transfer/components/chat-transfer-menu';
import { Composer } from './composer';
import { MemoryPanel } from './memory-panel';
import { MessageBubble } from './message-bubble';
import { ModelStatus, sendBlockedReason } from './model-status';
import { formatDate } from '@/lib/format';

interface Streaming {
  kind: ReplyKind;
  /** The reply being written: a new message (send) or an existing one (regenerate, continue). */
  replyId: string | null;
  text: string;
  queue: number;
}

type Problem =
  | { kind: 'coins'; message: string }
  | { kind: 'blocked'; message: string; problems?: ContentProblem[] }
  | { kind: 'model'; message: string }
  | { kind: 'connection'; message: string }
  | { kind: 'other'; message: string };

const isMissing = (e: unknown) => e instanceof ApiError && [400, 404].includes(e.status);

export interface ChatViewProps {
  characterId: string;
  signedIn: boolean;
  userName: string;
  /** Extra header content (the diagnostics strip of /test-chat). */
  banner?: (last: { tokens: number; ms: number } | null) => ReactNode;
}

export function ChatView({ characterId, signedIn, userName, banner }: ChatViewProps) {
  const [params, setParams] = useSearchParams();
  const conversationId = params.get('conversation') ?? undefined;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useChatSession(characterId, conversationId, signedIn);
  const model = useChatStatus();
  const guestPrompt = useGuestPrompt();
  const membership = useMembershipModal();

  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [view, setView] = useState<ChatSession | null>(null);
  const [streaming, setStreaming] = useState<Streaming | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [lastStats, setLastStats] = useState<{ tokens: number; ms: number } | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<ChatMessage | null>(null);
  const [reporting, setReporting] = useState<ChatMessage | null>(null);
  /** A message just edited whose reply (the last one) may be regenerated to fit it. */
  const [regenerateOffer, setRegenerateOffer] = useState<string | null>(null);
  const [memoryOpen, setMemoryOpen] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [picturePending, setPicturePending] = useState(false);
  const abortRef = useRef<AbortController | null>(null);
  const lastRequest = useRef<{ kind: ReplyKind; content?: string; accepted: boolean } | null>(null);
  // The latest messages for code that runs after awaits (retry after a resync).
  const messagesRef = useRef(messages);
  messagesRef.current = messages;

  useEffect(() => {
    if (session.data) {
      setView(session.data);
      setMessages(session.data.messages);
    }
  }, [session.data]);
  useEffect(() => () => abortRef.current?.abort(), []);

  // Auto-scroll follows new text unless the reader scrolled up.
  const scroller = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const onScroll = () => {
    const el = scroller.current;
    if (el) stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
  };
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, [messages, streaming?.text, streaming?.queue]);

  const character = view?.character;
  const name = character?.name ?? 'Character';
  const convId = view?.conversation.id;

  /** The server's copy after a generation: saved text, swipes, cost. */
  const modelReady = model.data?.ready;
  const resync = useCallback(async (): Promise<ChatSession | undefined> => {
    void queryClient.invalidateQueries({ queryKey: chatKeys.conversations() });
    // A reply came (or failed): the model's state may have changed since the page last asked.
    if (!modelReady) void queryClient.invalidateQueries({ queryKey: chatKeys.status() });
    try {
      const fresh = await getChatSession(characterId, convId);
      setView(fresh);
      setMessages(fresh.messages);
      messagesRef.current = fresh.messages;
      queryClient.setQueryData(chatKeys.session(characterId, conversationId), fresh);
      return fresh;
    } catch {
      return undefined; // the page keeps what it has; the next action tries again
    }
  }, [characterId, convId, conversationId, queryClient, modelReady]);

  const explain = (error: unknown): boolean => {
    if (error instanceof ApiError) {
      if (error.status === 401) {
        guestPrompt.open(`chat with ${name}`);
        return true;
      }
      if (membership.openForError(error, `chat with ${name}`)) return true;
      const msg = error.serverMessage ?? error.message;
      if (error.status === 402) setProblem({ kind: 'coins', message: msg });
      else if (error.code === 'CONTENT_BLOCKED') setProblem({ kind: 'blocked', message: msg, problems: problemsOf(error.details) });
      else if (error.status === 503) {
        setProblem({ kind: 'model', message: msg });
        void queryClient.invalidateQueries({ queryKey: chatKeys.status() });
      } else setProblem({ kind: 'other', message: msg });
      return true;
    }
    if (error instanceof ConnectionLostError) {
      setProblem({ kind: 'connection', message: error.message });
      return true;
    }
    if (error instanceof StreamError) {
      setProblem({ kind: error.code === 'CONTENT_BLOCKED' ? 'blocked' : 'other', message: error.message });
      return true;
    }
    return false;
  };

  const generate = async (kind: ReplyKind, content?: string): Promise<boolean> => {
    if (!signedIn) {
      guestPrompt.open(`chat with ${name}`);
      return false;
    }
    if (streaming || !convId) return false;
    // Regenerate and continue write into the last reply; regenerate after a message left without one writes a new reply.
    const last = messagesRef.current.at(-1);
    const target = kind !== 'message' && last?.role === 'assistant' ? last.id : null;
    setProblem(null);
    const request = { kind, content, accepted: false };
    lastRequest.current = request;
    const abort = new AbortController();
    abortRef.current = abort;
    stick.current = true;
    setStreaming({ kind, replyId: target, text: '', queue: 0 });
    let accepted = false;
    let replyId: string | null = target;
    let streamed = '';
    let stopped = false;
    try {
      const result = await streamReply(
        characterId,
        kind,
        { conversationId: convId, ...(content !== undefined ? { content } : {}) },
        {
          onStart: (e) => {
            accepted = true;
            request.accepted = true;
            replyId = e.replyId;
            if (e.userMessage) setMessages((m) => [...m, e.userMessage!]);
            setStreaming((s) => (s ? { ...s, replyId: e.replyId } : s));
          },
          onQueue: (position) => setStreaming((s) => (s ? { ...s, queue: position } : s)),
          onToken: (text) => {
            streamed += text;
            setStreaming((s) => (s ? { ...s, text: s.text + text, queue: 0 } : s));
          },
        },
        abort.signal,
      );
      setLastStats(result.stats);
      setMessages((m) =>
        m.some((x) => x.id === result.message.id)
          ? m.map((x) => (x.id === result.message.id ? result.message : x))
          : [...m, result.message],
      );
      return true;
    } catch (error) {
      if (abort.signal.aborted) {
        // Stopped: keep what arrived on screen; the server saves it as incomplete once it has seen the stop.
        stopped = true;
        const id = replyId;
        if (target === null && streamed.trim() && id) {
          const partial: ChatMessage = {
            id,
            conversationId: convId,
            role: 'assistant',
            content: streamed,
            status: 'incomplete',
            swipes: [streamed],
            swipeIndex: 0,
            createdAt: new Date().toISOString(),
            editedAt: null,
          };
          setMessages((m) => (m.some((x) => x.id === id) ? m : [...m, partial]));
        }
        return true;
      }
      explain(error);
      return accepted;
    } finally {
      abortRef.current = null;
      setStreaming(null);
      if (stopped) window.setTimeout(() => void resync(), 1000);
      else await resync();
    }
  };

  const stop = () => abortRef.current?.abort();

  /** "Send me a picture" (the button, or a message asking for one): charged like any image, shown when ready. */
  const askPicture = async (content?: string): Promise<boolean> => {
    if (!convId || streaming || picturePending) return false;
    setProblem(null);
    setPicturePending(true);
    try {
      const r = await requestChatPicture(characterId, { conversationId: convId, ...(content ? { content } : {}) });
      stick.current = true;
      setMessages((m) => [...m, ...(r.userMessage ? [r.userMessage] : []), r.message]);
      void resync();
      return true;
    } catch (error) {
      explain(error);
      return false;
    } finally {
      setPicturePending(false);
    }
  };

  const startNew = async () => {
    try {
      const fresh = await newConversation(characterId);
      setParams({ conversation: fresh.conversation.id });
      queryClient.setQueryData(chatKeys.session(characterId, fresh.conversation.id), fresh);
      void queryClient.invalidateQueries({ queryKey: chatKeys.characterConversations(characterId) });
    } catch (error) {
      if (!explain(error)) toast({ title: 'Could not start a new chat', variant: 'destructive' });
    }
  };

  const conversations = useCharacterConversations(characterId, historyOpen && signedIn);

  // A premium character without the membership: the membership modal opens by itself, once (SPEC §2).
  const membershipRequired = session.error instanceof ApiError && session.error.code === 'MEMBERSHIP_REQUIRED';
  const offeredMembership = useRef(false);
  useEffect(() => {
    if (!membershipRequired || offeredMembership.current) return;
    offeredMembership.current = true;
    membership.open('chat with premium characters');
  }, [membershipRequired, membership]);

  if (!signedIn) {
    return <GuestChat characterId={characterId} onSignUp={() => guestPrompt.open(`chat with this character`)} />;
  }
  if (session.isError) {
    if (isMissing(session.error)) {
      return (
        <NotFound
          title="Character not found"
          description="There is no character to chat with at this address. It may have been removed, or the link is wrong."
          back={{ label: 'All chats', to: '/chat' }}
        />
      );
    }
    if (membershipRequired) {
      return (
        <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center">
          <h1 className="text-2xl font-bold text-fg">A premium character</h1>
          <p className="text-fg-muted">{getErrorMessage(session.error, 'Chatting with this character needs a membership.')}</p>
          <Button onClick={() => membership.open('chat with premium characters')}>See memberships</Button>
        </div>
      );
    }
    return (
      <ErrorState
        title="The chat could not be loaded"
        description={getErrorMessage(session.error, 'Please try again.')}
        onRetry={() => void session.refetch()}
      />
    );
  }
  if (!view || !character) return <ChatSkeleton />;

  const lastIndex = messages.length - 1;
  const lastReplyIndex = messages.at(-1)?.role === 'assistant' ? lastIndex : -1;
  const hasUserMessage = messages.some((m) => m.role === 'user');
  const busy = streaming !== null;
  const streamingTarget = streaming?.replyId;

  return (
    // Below 1024 px the conversation is the whole screen (the shell hides its header and bottom bar), ending above the
    // on-screen keyboard (--vvh, the visual viewport); on desktop it runs to the window's edge under the header.
    <div className="flex h-(--vvh,100dvh) min-h-0 lg:-mb-10 lg:h-[calc(100dvh-var(--header-h))]">
      <div className="flex min-w-0 flex-1 flex-col">
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
          <Button size="sm" variant="ghost" onClick={() => setHistoryOpen(true)} aria-label="Earlier chats">
            <History />
            <span className="hidden sm:inline">Chats</span>
          </Button>
          <Button size="sm" variant="secondary" onClick={() => void startNew()} disabled={busy || character.deleted}>
            <Plus />
            <span className="hidden sm:inline">New chat</span>
          </Button>
          {signedIn ? (
            <ChatTransferMenu
              characterId={characterId}
              characterName={character.name}
              conversationId={convId}
              onImported={(result) => setParams({ conversation: result.conversationId })}
            />
          ) : null}
          <Button size="sm" variant="ghost" className="xl:hidden" onClick={() => setMemoryOpen(true)} aria-label="Memory">
            <Brain />
          </Button>
        </header>
        {banner?.(lastStats)}
        <div
          ref={scroller}
          onScroll={onScroll}
          className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-3 py-4 sm:px-6"
          aria-live="off"
        >
          <ol className="mx-auto flex max-w-3xl flex-col gap-3" aria-label={`Conversation with ${character.name}`}>
            {messages.map((m, i) => {
              const isStreamingTarget = busy && m.id === streamingTarget;
              const shown =
                isStreamingTarget && streaming
                  ? {
                      ...m,
                      content: streaming.kind === 'continue' ? `${m.content} ${streaming.text}` : streaming.text,
                    }
                  : m;
              const isLastReply = i === lastReplyIndex;
              const bubble = (
                <MessageBubble
                  key={m.id}
                  message={shown}
                  characterName={character.name}
                  characterAvatar={character.avatarUrl}
                  userName={userName}
                  streaming={isStreamingTarget}
                  busy={busy}
                  onEdit={character.deleted ? undefined : (content) => saveEdit(m, content, i)}
                  onDelete={() => setConfirmDelete(m)}
                  onSwipe={m.role === 'assistant' && (isLastReply || i === 0) ? (index) => void pickSwipe(m, index) : undefined}
                  onRegenerate={isLastReply && hasUserMessage && !character.deleted ? () => void generate('regenerate') : undefined}
                  onContinue={isLastReply && hasUserMessage && !character.deleted ? () => void generate('continue') : undefined}
                  onReport={m.role === 'assistant' && !isStreamingTarget ? () => setReporting(m) : undefined}
                />
              );
              if (regenerateOffer !== m.id || busy) return bubble;
              return (
                <Fragment key={m.id}>
                  {bubble}
                  <li className="flex flex-wrap items-center justify-end gap-2 text-sm text-fg-muted" role="status">
                    <span>Your message changed. Regenerate the reply to it? The current reply stays as an alternative.</span>
                    <span className="flex gap-2">
                      <Button size="sm" variant="ghost" onClick={() => setRegenerateOffer(null)}>
                        Keep reply
                      </Button>
                      <Button
                        size="sm"
                        variant="secondary"
                        onClick={() => {
                          setRegenerateOffer(null);
                          void generate('regenerate');
                        }}
                      >
                        <RefreshCw /> Regenerate reply
                      </Button>
                    </span>
                  </li>
                </Fragment>
              );
            })}
            {busy && streaming && !messages.some((m) => m.id === streamingTarget) ? (
              <MessageBubble
                message={{
                  id: 'streaming',
                  role: 'assistant',
                  content: streaming.text,
                  status: 'complete',
                  swipes: [],
                  swipeIndex: 0,
                  editedAt: null,
                }}
                characterName={character.name}
                characterAvatar={character.avatarUrl}
                userName={userName}
                streaming
              />
            ) : null}
          </ol>
          {streaming && streaming.queue > 0 ? (
            <p className="mx-auto mt-3 flex max-w-3xl items-center gap-2 text-sm text-fg-subtle" role="status">
              <Loader2 className="size-4 animate-spin" /> Waiting for the model: number {streaming.queue} in line
            </p>
          ) : null}
          {!busy && !character.deleted && messages.at(-1)?.role === 'user' ? (
            <p className="mx-auto mt-3 flex max-w-3xl items-center justify-end gap-2 text-sm text-fg-subtle">
              {view?.freeReply
                ? 'The reply to this message was lost in a server failure. Getting one is free.'
                : 'No reply to this message yet.'}
              <Button size="sm" variant="secondary" onClick={() => void generate('regenerate')}>
                <RefreshCw /> {view?.freeReply ? 'Get a reply (free)' : 'Get a reply'}
              </Button>
            </p>
          ) : null}
        </div>
        <ModelStatus status={model.data} />
        {problem && !(problem.kind === 'model' && model.data && !model.data.ready) ? (
          <ProblemBanner problem={problem} characterId={characterId} onRetry={retry} onDismiss={() => setProblem(null)} />
        ) : null}
        <Composer
          characterName={character.name}
          cost={view.cost}
          generating={busy}
          disabled={character.deleted}
          disabledReason="This character was deleted: the conversation can be read but not continued."
          sendBlocked={sendBlockedReason(model.data)}
          onSend={(text) => (pictureRequest(text) ? askPicture(text) : generate('message', text))}
          onStop={stop}
          onPicture={() => void askPicture()}
          picturePending={picturePending}
        />
      </div>
      <aside className="hidden w-80 shrink-0 overflow-y-auto border-l border-border p-4 xl:block" aria-label="Memory">
        <h2 className="mb-3 flex items-center gap-2 font-semibold text-fg">
          <Brain className="size-4 text-primary" /> Memory
        </h2>
        <MemoryPanel conversationId={view.conversation.id} memory={view.memory} onSaved={onMemorySaved} />
      </aside>
      <Dialog open={memoryOpen} onOpenChange={setMemoryOpen}>
        <DialogContent className="max-h-[85dvh] overflow-y-auto">
          <DialogHeader>
            <DialogTitle>Memory</DialogTitle>
            <DialogDescription>What {character.name} remembers about this conversation.</DialogDescription>
          </DialogHeader>
          <MemoryPanel conversationId={view.conversation.id} memory={view.memory} onSaved={onMemorySaved} />
        </DialogContent>
      </Dialog>
      <Dialog open={historyOpen} onOpenChange={setHistoryOpen}>
        <DialogContent className="max-h-[85dvh] overflow-y-auto">
          <DialogHeader>
            <DialogTitle>Chats with {character.name}</DialogTitle>
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
                      c.id === convId && 'ring-primary',
                    )}
                    onClick={() => {
                      setHistoryOpen(false);
                      navigate(`/chat/${characterId}?conversation=${c.id}`);
                    }}
                  >
                    <span className="block text-xs text-fg-subtle">
                      {formatDate(c.updatedAt, 'dateTime')} · {c.messageCount} messages{c.id === convId ? ' · open' : ''}
                    </span>
                    <span className="line-clamp-2 text-sm text-fg-muted">{c.lastMessage?.content ?? 'No messages yet'}</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-fg-subtle">No other chats yet.</p>
          )}
        </DialogContent>
      </Dialog>
      <ConfirmDialog
        open={confirmDelete !== null}
        onOpenChange={(open) => !open && setConfirmDelete(null)}
        title="Delete this message?"
        description="It is removed from the conversation for good, and the model no longer sees it."
        confirmLabel="Delete"
        destructive
        onConfirm={() => void removeMessage()}
      />
      {reporting ? (
        <ReportDialog
          subject={{ type: 'message', id: reporting.id, name: `this reply from ${character.name}` }}
          open
          onOpenChange={(open) => !open && setReporting(null)}
        />
      ) : null}
    </div>
  );

  async function saveEdit(m: ChatMessage, content: string, index: number) {
    try {
      const unchanged = content === m.content;
      const updated = await editMessage(characterId, m.id, { content });
      setMessages((all) => all.map((x) => (x.id === m.id ? updated : x)));
      // Your message changed and the last reply answers it: offer a new reply (the old one stays as a swipe).
      const next = messagesRef.current[index + 1];
      const answeredByLast = m.role === 'user' && next?.role === 'assistant' && index + 1 === messagesRef.current.length - 1;
      setRegenerateOffer(!unchanged && answeredByLast ? m.id : null);
    } catch (error) {
      if (!explain(error)) toast({ title: 'Not saved', description: getErrorMessage(error, 'Please try again.'), variant: 'destructive' });
      throw error;
    }
  }

  async function pickSwipe(m: ChatMessage, index: number) {
    try {
      const updated = await editMessage(characterId, m.id, { swipeIndex: index });
      setMessages((all) => all.map((x) => (x.id === m.id ? updated : x)));
    } catch (error) {
      explain(error);
    }
  }

  async function removeMessage() {
    const m = confirmDelete;
    setConfirmDelete(null);
    if (!m) return;
    try {
      await deleteMessage(characterId, m.id);
      setMessages((all) => all.filter((x) => x.id !== m.id));
      toast({ title: 'Message deleted', variant: 'success' });
    } catch (error) {
      if (!explain(error))
        toast({ title: 'Not deleted', description: getErrorMessage(error, 'Please try again.'), variant: 'destructive' });
    }
  }

  function onMemorySaved(memory: ChatMemory) {
    setView((v) => (v ? { ...v, memory } : v));
    toast({ title: 'Memory saved', variant: 'success' });
  }

  function retry() {
    const last = lastRequest.current;
    setProblem(null);
    if (!last) return;
    // The message may already be saved (the server accepted it before the failure): resync first, then ask for a
    // reply to it, or send it again if it never arrived.
    void resync().then((fresh) => {
      if (fresh?.messages.at(-1)?.role === 'user') void generate('regenerate');
      else if (last.kind === 'message' && last.content && !last.accepted) void generate('message', last.content);
    });
  }
}

function ProblemBanner({
  problem,
  characterId,
  onRetry,
  onDismiss,
}: {
  problem: Problem;
  characterId: string;
  onRetry: () => void;
  onDismiss: () => void;
}) {
  const icon =
    problem.kind === 'coins' ? (
      <Coins />
    ) : problem.kind === 'connection' ? (
      <WifiOff />
    ) : problem.kind === 'model' ? (
      <Loader2 className="animate-spin" />
    ) : (
      <AlertTriangle />
    );
  return (
    <div
      role="alert"
      className="mx-3 mb-2 flex flex-wrap items-center gap-3 rounded-xl bg-surface-raised px-4 py-3 text-sm ring-1 ring-border sm:mx-4 [&_svg]:size-4"
    >
      <span className={cn('shrink-0', problem.kind === 'blocked' ? 'text-danger' : 'text-warning')}>{icon}</span>
      <span className="min-w-0 flex-1 text-fg-muted">{problem.message}</span>
      {problem.kind === 'blocked' && problem.problems?.length ? (
        <div className="w-full">
          <BlockedProblems problems={problem.problems} surface="chat-user" characterId={characterId} />
        </div>
      ) : null}
      {problem.kind === 'coins' ? (
        <Button asChild size="sm">
          <Link to="/coins">Get coins</Link>
        </Button>
      ) : null}
      {problem.kind === 'connection' || problem.kind === 'other' ? (
        <Button size="sm" variant="secondary" onClick={onRetry}>
          Retry
        </Button>
      ) : null}
      <Button size="sm" variant="ghost" onClick={onDismiss}>
        Dismiss
      </Button>
    </div>
  );
}

function ChatSkeleton() {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-6" aria-busy="true" aria-label="Loading the chat">
      <Skeleton className="h-12 w-2/3" />
      <Skeleton className="h-20 w-3/4" />
      <Skeleton className="ml-auto h-12 w-1/2" />
      <Skeleton className="h-24 w-3/4" />
    </div>
  );
}

function GuestChat({ characterId, onSignUp }: { characterId: string; onSignUp: () => void }) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-fg">Sign up to start chatting</h1>
      <p className="text-fg-muted">Conversations are private to your account and remembered between visits.</p>
      <div className="flex gap-2">
        <Button onClick={onSignUp}>Get Started Free</Button>
        <Button asChild variant="secondary">
          <Link to={`/characters/${characterId}`}>See the character</Link>
        </Button>
      </div>
    </div>
  );
}
