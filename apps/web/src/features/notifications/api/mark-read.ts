import { useMutation } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { applyRead } from '../lib/cache';

/** PUT /api/notifications/{id}/read */
export const markNotificationRead = (id: string) => apiRequest(api.notifications.markRead, { params: { id } });

/** Affects the cached lists and the unread count. */
export function useMarkRead() {
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: (res) => applyRead([res.notification.id], res.unreadCount),
  });
}
