import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { SubscribePushBody } from '@reverie/shared';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { notificationsKeys } from '@/lib/query-keys/notifications';

/** GET /api/push/config: the server's VAPID public key. */
export const getPushConfig = () => apiRequest(api.push.config);

export const pushConfigQueryOptions = queryOptions({
  queryKey: notificationsKeys.pushConfig(),
  queryFn: getPushConfig,
  staleTime: Infinity,
});

/** GET /api/push/devices */
export const getPushDevices = async () => (await apiRequest(api.push.devices)).items;

export const pushDevicesQueryOptions = queryOptions({ queryKey: notificationsKeys.pushDevices(), queryFn: getPushDevices });

export function usePushDevices() {
  return useQuery(pushDevicesQueryOptions);
}

/** POST /api/push/devices */
export const subscribePush = (body: SubscribePushBody) => apiRequest(api.push.subscribe, { body });

/** DELETE /api/push/devices/{id} */
export const removePushDevice = (id: string) => apiRequest(api.push.remove, { params: { id } });

/** Affects the cached device list (refetched). */
export function useRemovePushDevice() {
  return useMutation({
    mutationFn: removePushDevice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationsKeys.pushDevices() }),
  });
}
