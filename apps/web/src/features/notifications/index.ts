// The notifications feature's entry (eslint.config.js zones; #40). The header loads the bell lazily by its path.
export { NotificationBell } from './components/notification-bell';
export { PushSettingsCard } from './components/push-settings-card';
