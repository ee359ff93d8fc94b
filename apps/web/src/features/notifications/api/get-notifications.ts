import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { notificationsKeys } from '@/lib/query-keys/notifications';

export const PANEL_LIMIT = 30;

/** GET /api/notifications: the newest page (unreadOnly for the unread tab) with the unread count. */
export const getNotifications = (unreadOnly: boolean) =>
  apiRequest(api.notifications.list, { query: { unreadOnly: unreadOnly ? 'true' : 'false', limit: PANEL_LIMIT } });

export const notificationsQueryOptions = (unreadOnly: boolean) =>
  queryOptions({
    queryKey: notificationsKeys.list(unreadOnly),
    queryFn: async () => {
      const page = await getNotifications(unreadOnly);
      queryClient.setQueryData(notificationsKeys.unread(), page.unreadCount);
      return page;
    },
    // The live stream keeps it current while the tab is open.
    staleTime: Infinity,
  });

export function useNotifications(unreadOnly: boolean, enabled = true) {
  return useQuery({ ...notificationsQueryOptions(unreadOnly), enabled });
}
