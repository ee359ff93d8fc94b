/** Query keys of the notifications feature; the live stream patches exactly these. */
export const notificationsKeys = {
  all: ['notifications'] as const,
  list: (unreadOnly: boolean) => [...notificationsKeys.all, 'list', { unreadOnly }] as const,
  lists: () => [...notificationsKeys.all, 'list'] as const,
  /** The unread count on the bell. */
  unread: () => [...notificationsKeys.all, 'unread'] as const,
  /** Web Push: the server's public key, the account's devices, what may push and quiet hours. */
  pushConfig: () => [...notificationsKeys.all, 'push', 'config'] as const,
  pushDevices: () => [...notificationsKeys.all, 'push', 'devices'] as const,
  pushSettings: () => [...notificationsKeys.all, 'push', 'settings'] as const,
};
