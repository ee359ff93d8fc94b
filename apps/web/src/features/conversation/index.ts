// The conversation kit: what a conversation page is made of, shared by the one-to-one chat (features/chat) and the
// group chat (features/groups). Other features import it from here only (eslint.config.js, features.test.ts).
export { deleteConversation } from './api/delete-conversation';
export { useConversations } from './api/get-conversations';
export { useChatStatus } from './api/get-status';
export { ConnectionLostError, followReply, StreamError, type ReplyKind, type StreamHandlers, type StreamResult } from './api/stream-reply';
export { AiNotice } from './components/ai-notice';
export { ChatLoadError, ChatSkeleton, GuestChat, needsMembership } from './components/chat-states';
export { Composer } from './components/composer';
export { ConversationHeader } from './components/conversation-header';
export { ConversationFrame } from './components/conversation-frame';
export { CrisisSupportNotice } from './components/crisis-support';
export { MessageActionDialogs, useMessageActions, type MessageActions } from './components/message-actions';
export { MessageList } from './components/message-list';
export { ModelStatus, sendBlockedReason } from './components/model-status';
export { ProblemBanner } from './components/problem-banner';
export { SearchSnippet, useSettledQuery } from './components/search-snippet';
export { useChatProblem, type Problem } from './hooks/use-chat-problem';
export { useConversationView, type ConversationView } from './hooks/use-conversation-view';
export {
  useReplyStream,
  type ReplyHandlers,
  type ReplyRequest,
  type ReplyStreamFn,
  type ReplyStreamOptions,
  type Streaming,
} from './hooks/use-reply-stream';
export { writeWindow } from './lib/message-window';
export { messagePreview } from './lib/message-preview';
export { updateMessages, upsertMessage } from './lib/session-cache';
