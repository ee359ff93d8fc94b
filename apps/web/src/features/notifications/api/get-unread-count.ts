import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { notificationsKeys } from '@/lib/query-keys/notifications';

/** GET /api/notifications/stream as plain JSON: the unread count (the live stream keeps it current afterwards). */
export const getUnreadCount = async () => (await apiRequest(api.notifications.stream)).unreadCount;

export const unreadCountQueryOptions = queryOptions({ queryKey: notificationsKeys.unread(), queryFn: getUnreadCount, staleTime: Infinity });

export function useUnreadCount() {
  return useQuery(unreadCountQueryOptions);
}
