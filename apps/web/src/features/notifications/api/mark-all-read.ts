import { useMutation } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { applyRead } from '../lib/cache';

/** PUT /api/notifications/read-all */
export const markAllNotificationsRead = () => apiRequest(api.notifications.markAllRead);

/** Affects the cached lists and the unread count. */
export function useMarkAllRead() {
  return useMutation({ mutationFn: markAllNotificationsRead, onSuccess: (res) => applyRead([], res.unreadCount) });
}
