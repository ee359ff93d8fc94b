// What a conversation page (one-to-one or group) holds beside its reply stream: the model's state, the scroller that
// sticks to the bottom, the message window, the message actions, the branches and who the user is here.
import { useChatUser } from '@/features/personas';
import { useChatStatus } from '../api/get-status';
import { useBranches } from '../components/branches';
import { useMessageActions } from '../components/message-actions';
import { NewerEdge, OlderEdge } from '../components/message-window-edges';
import type { Streaming } from './use-reply-stream';
import { useJumpFromAddress } from './use-jump-from-address';
import { useMessageWindow, type WindowSession } from './use-message-window';
import { useStickToBottom } from './use-stick-to-bottom';

export interface ConversationViewOptions {
  /** The character the routes name (a group's stands-in character). */
  characterId: string;
  session: WindowSession;
  streaming: Streaming | null;
  userName: string;
  explain: (error: unknown) => boolean;
}

export function useConversationView({ characterId, session, streaming, userName, explain }: ConversationViewOptions) {
  const conversationId = session.conversation.id;
  const model = useChatStatus();
  const list = useStickToBottom([session.messages, streaming?.text, streaming?.queue], conversationId);
  // Older messages load as the reader scrolls up (the session holds the newest page).
  const win = useMessageWindow(session, list.scroller, list.release);
  // A match picked in the search across chats (`?message=`): the page around it, scrolled to and outlined.
  useJumpFromAddress(win.jumpTo);
  const actions = useMessageActions({ characterId, messages: win.messages, explain });
  const branches = useBranches({ characterId, conversationId, explain });
  // Who the user is here (their persona).
  const me = useChatUser(conversationId, userName);
  /** The message list's props that do not depend on who is in the conversation. */
  const listProps = {
    actions,
    scroller: list.scroller,
    userName: me.name,
    userAvatar: me.avatarUrl,
    messages: win.messages,
    onScroll: () => {
      list.onScroll();
      win.onScroll();
    },
    top: <OlderEdge win={win} />,
    bottom: <NewerEdge win={win} />,
    atNewest: win.atNewest,
    highlightId: win.highlight,
    streaming,
    aiNoticeMinutes: session.aiNoticeMinutes,
    onBranch: branches.forking ? undefined : branches.branchFrom,
  };
  /** A reply starts: the newest messages come back and the list follows them to the bottom. */
  const begin = () => {
    win.toLatest();
    list.follow();
  };
  return { model, list, win, actions, branches, listProps, begin };
}

export type ConversationView = ReturnType<typeof useConversationView>;
