import { useMutation } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { applyDeleted } from '../lib/cache';

/** DELETE /api/notifications/{id} */
export const deleteNotification = (id: string) => apiRequest(api.notifications.remove, { params: { id } });

/** Affects the cached lists and the unread count. */
export function useDeleteNotification() {
  return useMutation({ mutationFn: deleteNotification, onSuccess: (res, id) => applyDeleted(id, res.unreadCount) });
}
