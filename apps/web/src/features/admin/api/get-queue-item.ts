import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from '@/lib/query-keys/admin';

/** GET /api/admin/queue/{id}: the item with its context. */
export const getQueueItem = (id: string) => apiRequest(api.admin.queueItem, { params: { id } });

export const queueItemQueryOptions = (id: string) =>
  queryOptions({ queryKey: adminKeys.item(id), queryFn: () => getQueueItem(id), staleTime: 10_000 });

export function useQueueItem(id: string) {
  return useQuery(queueItemQueryOptions(id));
}
