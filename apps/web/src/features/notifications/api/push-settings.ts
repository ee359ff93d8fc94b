import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { UpdatePushSettingsBody } from '@reverie/shared';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { notificationsKeys } from '@/lib/query-keys/notifications';

/** GET /api/push/settings */
export const getPushSettings = () => apiRequest(api.push.settings);

export const pushSettingsQueryOptions = queryOptions({ queryKey: notificationsKeys.pushSettings(), queryFn: getPushSettings });

export function usePushSettings() {
  return useQuery(pushSettingsQueryOptions);
}

/** PUT /api/push/settings */
export const updatePushSettings = (body: UpdatePushSettingsBody) => apiRequest(api.push.updateSettings, { body });

/** Affects the cached push settings (replaced by the answer). */
export function useUpdatePushSettings() {
  return useMutation({
    mutationFn: updatePushSettings,
    onSuccess: (settings) => queryClient.setQueryData(notificationsKeys.pushSettings(), settings),
  });
}
