// The users feature's entry: what other features and the pages use of it (eslint.config.js zones; #40).
export { usePublicUser } from './api/get-public-user';
export { AvatarCard } from './components/avatar-card';
export { NotificationsCard } from './components/notifications-card';
export { PreferencesCard } from './components/preferences-card';
