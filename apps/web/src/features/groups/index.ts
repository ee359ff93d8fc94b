// Group chats (several characters in one conversation); built on the conversation kit (features/conversation).
// Other features import it from here only (eslint.config.js, features.test.ts).
export { AddToGroupButton } from './components/add-to-group-button';
export { GroupCreator } from './components/group-creator';
export { GroupView, type GroupReplyExtras } from './components/group-view';
export { StackedAvatars } from './components/stacked-avatars';
