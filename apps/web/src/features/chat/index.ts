// The one-to-one chat (a page per character, the chats list's search, the model check); built on the conversation
// kit (features/conversation). Other features import it from here only (eslint.config.js, features.test.ts).
export { AllChatsResults, AllChatsSearchBox } from './components/all-chats-search';
export { ChatView } from './components/chat-view';
export { TinyChatCheck } from './components/tiny-chat-check';
