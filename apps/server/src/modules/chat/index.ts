// The chat module's public entry: other modules (and app.ts, deps.ts) import the chat only from here; its other files
// are its insides (eslint.config.js forbids importing them from outside modules/chat). The reply pipeline
// (generation.ts, its types in pipeline.types.ts) is what group chats and any new kind of conversation plug into.
export { createChatModule } from './chat.module.ts';
export type { ChatDeps } from './chat-deps.ts';
export { CHAT_RATE } from './chat.routes.ts';

// The reply pipeline: a source and a use case plugged into one Generation.
export type { Generation } from './generation.ts';
export type * from './pipeline.types.ts';
export { send } from './send-message.ts';
export { chargeReply, regenerateReply } from './regenerate.ts';
export { continueLastReply } from './continue.ts';
export { deliverReply } from './deliver-reply.ts';
export { generationError } from './generation-error.ts';
export type { ReplyReady } from './deliver-reply.ts';
export { ReplyStops } from './reply-stops.ts';
export { promptHistory } from './model-request.ts';
export type { HistoryShape } from './model-request.ts';
export { checkCharacter } from './chat-access.ts';
export { conversationScope } from './moderation-scope.ts';
export type { Conversations, MessageCost } from './conversations.ts';
export type { Inspector, GroupShapes } from './inspector/inspector.service.ts';
export { definitionAccess, HIDDEN_NAME } from './inspector/redact.ts';
export { assemblePrompt, loreOf, promptCharacter } from './prompt/index.ts';
export type { HistoryMessage, LoreEntry, PromptCharacter } from './prompt/index.ts';

// Rows and repositories (deps.ts builds the repositories; search, transfer and images read messages).
export { ChatRepo } from './chat.repo.ts';
export type { ChatMessageRow, ConversationRow, ShownMessageRow } from './chat.repo.ts';
export { ChatContextRepo } from './chat-context.repo.ts';
export type { ChatCharacter } from './chat-context.repo.ts';
export { BranchesRepo, FORK_COPIED_TABLES } from './branches.repo.ts';
export { ReplyProgressRepo } from './reply-progress.repo.ts';
export { FirstMessagesRepo } from './first-messages.repo.ts';
export type { FirstMessageHooks } from './first-messages.ts';
export { InspectionsRepo } from './inspector/inspections.repo.ts';
export { messagePersonaJoin, shownMessage, shownMessageColumns } from './shown-message.repo.ts';
export { toChatCost, toChatMemory, toChatMessage, toReplyMessage, toSentMessage } from './chat.mapper.ts';
export { passageText } from './recall-step.ts';
