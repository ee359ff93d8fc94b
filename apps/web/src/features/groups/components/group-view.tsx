// A group chat: the one-to-one chat's message list, composer, problem banner and memory, with each reply's speaker
// shown on it, the turn controls ("Let X speak", "Skip") and the group's settings.
import { useMemo, useState, type ReactNode } from 'react';
import type { ChatCharacter, ChatMessage, Group, GroupSession, GroupSpeaker } from '@reverie/shared';
import { ErrorState } from '@/components/page/error-state';
import { NotFound } from '@/components/page/not-found';
import {
  AiNotice,
  ChatSkeleton,
  Composer,
  ConversationFrame,
  MessageActionDialogs,
  MessageList,
  sendBlockedReason,
  useChatProblem,
  useConversationView,
  type ConversationView,
  type ReplyKind,
} from '@/features/conversation';
import { useConfirmSpend } from '@/features/billing';
import { messagePrice, type Price } from '@/features/billing';
import { ApiError, getErrorMessage } from '@/lib/api-client';
import { useGroupSession } from '../api/get-group';
import { useGroupReply } from '../hooks/use-group-reply';
import { GroupHeader } from './group-header';
import { GroupSettings } from './group-settings';
import { TurnControls } from './turn-controls';

/**
 * What the page plugs into a group chat's replies (the voice feature's, composed in pages/group-chat.tsx): a control
 * under each reply ("Listen") and something rendered beside the messages that follows them (auto-play).
 */
export interface GroupReplyExtras {
  listen?: (m: ChatMessage) => ReactNode;
  follow?: (state: { messages: ChatMessage[]; generating: boolean }) => ReactNode;
}

export function GroupView({ groupId, userName, extras = {} }: { groupId: string; userName: string; extras?: GroupReplyExtras }) {
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
  return <GroupConversation session={session.data} userName={userName} extras={extras} />;
}

function GroupConversation({ session, userName, extras }: { session: GroupSession; userName: string; extras: GroupReplyExtras }) {
  const { group, messages } = session;
  const characterId = group.chatCharacterId;
  const { problem, explain, clearProblem } = useChatProblem(group.name);
  const [dialog, setDialog] = useState<'memory' | 'settings' | 'search' | null>(null);
  const reply = useGroupReply({ groupId: group.id, session, explain, clearProblem, onBegin: () => view.begin() });
  const windowed = {
    conversation: { id: group.conversationId },
    messages,
    hasMore: session.hasMore,
    aiNoticeMinutes: session.aiNoticeMinutes,
  };
  const view = useConversationView({ characterId, session: windowed, streaming: reply.streaming, userName, explain });
  const busy = reply.streaming !== null;
  // What a reply costs before any click (each reply costs a message).
  const price = messagePrice(session.cost);
  const spend = useConfirmSpend();
  const paid = (what: string, action: () => unknown) => void spend.confirm(price, what).then((ok) => ok && action());

  const header = (
    <GroupHeader
      group={group}
      busy={busy}
      fresh={!messages.some((m) => m.role === 'user')}
      onSettings={() => setDialog('settings')}
      onMemory={() => setDialog('memory')}
      onSearch={() => setDialog('search')}
      branch={view.branches.button}
    />
  );
  const list =
    messages.length === 0 && !busy ? (
      <SetTheScene />
    ) : (
      <GroupMessages
        {...{ view, group, price }}
        listen={extras.listen}
        streamingSpeaker={reply.streaming?.speaker ?? null}
        generate={(kind) =>
          paid(kind === 'continue' ? 'Continuing this reply' : 'This reply', () => reply.generate(kind === 'message' ? 'speak' : kind))
        }
      />
    );
  const controls = (
    <GroupControls
      {...{ group, busy, paid, explain }}
      cost={session.cost}
      sendBlocked={sendBlockedReason(view.model.data)}
      reply={reply}
      confirmSend={() => spend.confirm(price, 'This reply')}
    />
  );

  return (
    <ConversationFrame
      {...{ view, characterId, dialog, problem, header, list, controls }}
      conversationId={group.conversationId}
      name={group.name}
      memory={session.memory}
      onCloseDialog={() => setDialog(null)}
      onRetry={() => void reply.resync()}
      onDismiss={clearProblem}
      search={{ label: `Search the group chat ${group.name}`, replyAuthor: (hit) => hit.speaker?.name ?? 'A former member' }}
      after={
        <>
          {view.branches.dialog}
          <GroupSettings group={group} open={dialog === 'settings'} onOpenChange={(open) => !open && setDialog(null)} />
          <MessageActionDialogs dialogs={view.actions.dialogs} characterName={group.name} />
          {spend.dialog}
          {extras.follow?.({ messages, generating: busy })}
        </>
      }
    />
  );
}

interface GroupControlsProps {
  group: Group;
  cost: GroupSession['cost'];
  busy: boolean;
  sendBlocked: string | null;
  reply: ReturnType<typeof useGroupReply>;
  /** A reply after the spend is confirmed ("Let X speak"); a message asks first, then sends. */
  paid: (what: string, action: () => unknown) => void;
  confirmSend: () => Promise<boolean>;
  explain: (error: unknown) => boolean;
}

/** The turn controls ("Let X speak", "Skip", the manual pick) above the composer; a message goes to the pick. */
function GroupControls({ group, cost, busy, sendBlocked, reply, paid, confirmSend, explain }: GroupControlsProps) {
  const [manualPick, setManualPick] = useState<string | null>(null);
  const speaker = group.turnMode === 'manual' ? (manualPick ?? group.members[0]?.id ?? null) : null;
  return (
    <>
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
        cost={cost}
        generating={busy}
        sendBlocked={sendBlocked}
        onSend={(text) =>
          confirmSend().then((ok) => ok && reply.generate('message', { content: text, ...(speaker ? { speakerId: speaker } : {}) }))
        }
        onStop={reply.stop}
      />
    </>
  );
}

function SetTheScene() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-2 px-6 text-center">
      <AiNotice as="div" name="" group />
      <p className="mt-2 font-semibold text-fg">Set the scene</p>
      <p className="max-w-sm text-sm text-fg-muted">
        Say hello to everyone, or let one of them speak first. Name a character in your message to have them answer.
      </p>
    </div>
  );
}

interface GroupMessagesProps {
  view: ConversationView;
  group: Group;
  price: Price | null;
  streamingSpeaker: GroupSpeaker | null;
  generate: (kind: ReplyKind) => void;
  listen: GroupReplyExtras['listen'];
}

/** The messages, each reply with who wrote it: members and former members by id (a deleted character's say so). */
function GroupMessages({ view, group, price, streamingSpeaker, generate, listen }: GroupMessagesProps) {
  const byId = useMemo(() => new Map([...group.members, ...group.formerMembers].map((m) => [m.id, m])), [group]);
  const speakers = {
    of: (m: ChatMessage) => {
      const s = m.speakerId ? byId.get(m.speakerId) : undefined;
      return s ? { name: s.name, avatarUrl: s.avatarUrl } : { name: 'A former member', avatarUrl: null };
    },
    streaming: streamingSpeaker,
  };
  return (
    <MessageList
      {...view.listProps}
      character={asCharacter(group)}
      freeReply={false}
      price={price}
      generate={generate}
      speakers={speakers}
      listen={listen}
    />
  );
}

/** The list and its bubbles take a character: the group stands in for it. */
function asCharacter(group: Group): ChatCharacter {
  return {
    id: group.chatCharacterId,
    name: group.name,
    avatarUrl: null,
    tagline: '',
    creator: { id: group.chatCharacterId, username: '' },
    premium: false,
    nsfw: false,
    deleted: false,
  };
}
