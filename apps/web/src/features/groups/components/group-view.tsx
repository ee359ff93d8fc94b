// A group chat: the one-to-one chat's message list, composer, problem banner and memory, with each reply's speaker
// shown on it, the turn controls ("Let X speak", "Skip") and the group's settings.
import { useMemo, useState } from 'react';
import type { ChatCharacter, ChatMessage, GroupSession } from '@reverie/shared';
import { ErrorState } from '@/components/page/error-state';
import { NotFound } from '@/components/page/not-found';
import { useChatStatus } from '@/features/conversation/api/get-status';
import { useBranches } from '@/features/conversation/components/branches';
import { ChatSearchDialog } from '@/features/conversation/components/chat-search-dialog';
import { ChatSkeleton } from '@/features/conversation/components/chat-states';
import { Composer } from '@/features/conversation/components/composer';
import { MemoryAside, MemoryDialog } from '@/features/conversation/components/memory-panel';
import { MessageActionDialogs, useMessageActions } from '@/features/conversation/components/message-actions';
import { MessageList } from '@/features/conversation/components/message-list';
import { NewerEdge, OlderEdge } from '@/features/conversation/components/message-window-edges';
import { ModelStatus, sendBlockedReason } from '@/features/conversation/components/model-status';
import { ProblemBanner } from '@/features/conversation/components/problem-banner';
import { useChatProblem } from '@/features/conversation/hooks/use-chat-problem';
import { useJumpFromAddress } from '@/features/conversation/hooks/use-jump-from-address';
import { useMessageWindow } from '@/features/conversation/hooks/use-message-window';
import { useStickToBottom } from '@/features/conversation/hooks/use-stick-to-bottom';
import { useConfirmSpend } from '@/features/billing/hooks/use-confirm-spend';
import { messagePrice } from '@/features/billing/lib/price';
import { useChatUser } from '@/features/personas/components/persona-picker';
import { ApiError, getErrorMessage } from '@/lib/api-client';
import { useGroupSession } from '../api/get-group';
import { useGroupReply } from '../hooks/use-group-reply';
import { GroupHeader } from './group-header';
import { GroupSettings } from './group-settings';
import { TurnControls } from './turn-controls';

export function GroupView({ groupId, userName }: { groupId: string; userName: string }) {
  const session = useGroupSession(groupId, true);
  if (session.isError) {
    if (session.error instanceof ApiError && [400, 404].includes(session.error.status)) {
      return (
        <NotFound
          title="Group not found"
          description="There is no group chat of yours at this address. It may have been deleted, or the link is wrong."
          back={{ label: 'All chats', to: '/chat' }}
        />
      );
    }
    return (
      <ErrorState
        title="The group chat could not be loaded"
        description={getErrorMessage(session.error, 'Please try again.')}
        onRetry={() => void session.refetch()}
      />
    );
  }
  if (!session.data) return <ChatSkeleton />;
  return <GroupConversation session={session.data} userName={userName} />;
}

function GroupConversation({ session, userName }: { session: GroupSession; userName: string }) {
  const { group, messages } = session;
  const model = useChatStatus();
  const { problem, explain, clearProblem } = useChatProblem(group.name);
  const [dialog, setDialog] = useState<'memory' | 'settings' | 'search' | null>(null);
  const reply = useGroupReply({
    groupId: group.id,
    session,
    explain,
    clearProblem,
    onBegin: () => {
      win.toLatest();
      list.follow();
    },
  });
  const list = useStickToBottom([messages, reply.streaming?.text, reply.streaming?.queue]);
  // Older messages load as the reader scrolls up, as in a one-to-one chat (the session holds the newest page).
  const win = useMessageWindow({ conversation: { id: group.conversationId }, messages, hasMore: session.hasMore }, list.scroller);
  // A match picked in the search across chats (`?message=`): the page around it, scrolled to and outlined.
  useJumpFromAddress(win.jumpTo);
  const actions = useMessageActions({ characterId: group.chatCharacterId, messages: win.messages, explain });
  // "Branch from here": a group chat's branch is a group chat of its own, with the same members (its page opens).
  const branches = useBranches({ characterId: group.chatCharacterId, conversationId: group.conversationId, explain });
  const busy = reply.streaming !== null;
  const [manualPick, setManualPick] = useState<string | null>(null);
  const speaker = group.turnMode === 'manual' ? (manualPick ?? group.members[0]?.id ?? null) : null;
  // Who the user is here (their persona), and what a reply costs before any click (each reply costs a message).
  const me = useChatUser(group.conversationId, userName);
  const price = messagePrice(session.cost);
  const spend = useConfirmSpend();
  const paid = (what: string, action: () => unknown) => void spend.confirm(price, what).then((ok) => ok && action());

  // Who wrote each reply: members and former members by id (a deleted character's messages say so).
  const byId = useMemo(() => new Map([...group.members, ...group.formerMembers].map((m) => [m.id, m])), [group]);
  const speakers = {
    of: (m: ChatMessage) => {
      const s = m.speakerId ? byId.get(m.speakerId) : undefined;
      return s ? { name: s.name, avatarUrl: s.avatarUrl } : { name: 'A former member', avatarUrl: null };
    },
    streaming: reply.streaming?.speaker ?? null,
  };
  // The list and its bubbles take a character: the group stands in for it.
  const asCharacter: ChatCharacter = {
    id: group.chatCharacterId,
    name: group.name,
    avatarUrl: null,
    tagline: '',
    creator: { id: group.chatCharacterId, username: '' },
    premium: false,
    nsfw: false,
    deleted: false,
  };

  return (
    <div className="flex h-(--vvh,100dvh) min-h-0 lg:-mb-10 lg:h-[calc(100dvh-var(--header-h))]">
      <div className="flex min-w-0 flex-1 flex-col">
        <GroupHeader
          group={group}
          busy={busy}
          fresh={!messages.some((m) => m.role === 'user')}
          onSettings={() => setDialog('settings')}
          onMemory={() => setDialog('memory')}
          onSearch={() => setDialog('search')}
          branch={branches.button}
        />
        {branches.strip}
        {messages.length === 0 && !busy ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-2 px-6 text-center">
            <p className="font-semibold text-fg">Set the scene</p>
            <p className="max-w-sm text-sm text-fg-muted">
              Say hello to everyone, or let one of them speak first. Name a character in your message to have them answer.
            </p>
          </div>
        ) : (
          <MessageList
            character={asCharacter}
            userName={me.name}
            userAvatar={me.avatarUrl}
            messages={win.messages}
            top={<OlderEdge win={win} />}
            bottom={<NewerEdge win={win} />}
            atNewest={win.atNewest}
            highlightId={win.highlight}
            streaming={reply.streaming}
            freeReply={false}
            actions={actions}
            price={price}
            generate={(kind) =>
              paid(kind === 'continue' ? 'Continuing this reply' : 'This reply', () => reply.generate(kind === 'message' ? 'speak' : kind))
            }
            scroller={list.scroller}
            onScroll={() => {
              list.onScroll();
              win.onScroll();
            }}
            speakers={speakers}
            onBranch={branches.forking ? undefined : branches.branchFrom}
          />
        )}
        <ModelStatus status={model.data} />
        {problem && !(problem.kind === 'model' && model.data && !model.data.ready) ? (
          <ProblemBanner
            problem={problem}
            characterId={group.chatCharacterId}
            onRetry={() => void reply.resync()}
            onDismiss={clearProblem}
          />
        ) : null}
        <TurnControls
          group={group}
          busy={busy}
          manualPick={speaker}
          onPick={setManualPick}
          onSpeak={(characterId) => paid('This reply', () => reply.generate('speak', characterId ? { characterId } : {}))}
          explain={explain}
        />
        <Composer
          characterName={group.name}
          cost={session.cost}
          generating={busy}
          sendBlocked={sendBlockedReason(model.data)}
          onSend={(text) =>
            spend
              .confirm(price, 'This reply')
              .then((ok) => ok && reply.generate('message', { content: text, ...(speaker ? { speakerId: speaker } : {}) }))
          }
          onStop={reply.stop}
        />
      </div>
      <MemoryAside conversationId={group.conversationId} memory={session.memory} />
      <MemoryDialog
        open={dialog === 'memory'}
        onOpenChange={(open) => !open && setDialog(null)}
        memory={session.memory}
        characterName={group.name}
        conversationId={group.conversationId}
      />
      <ChatSearchDialog
        open={dialog === 'search'}
        onOpenChange={(open) => !open && setDialog(null)}
        conversationId={group.conversationId}
        searchLabel={`Search the group chat ${group.name}`}
        replyAuthor={(hit) => hit.speaker?.name ?? 'A former member'}
        onJump={win.jumpTo}
      />
      {branches.dialog}
      <GroupSettings group={group} open={dialog === 'settings'} onOpenChange={(open) => !open && setDialog(null)} />
      <MessageActionDialogs dialogs={actions.dialogs} characterName={group.name} />
      {spend.dialog}
    </div>
  );
}
