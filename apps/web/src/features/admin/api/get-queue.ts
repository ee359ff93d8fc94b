import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QueueQuery } from '@reverie/shared';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from '@/lib/query-keys/admin';

/** GET /api/admin/queue */
export const getQueue = (q: QueueQuery) => apiRequest(api.admin.queue, { query: q });

export const queueQueryOptions = (q: QueueQuery) =>
  queryOptions({ queryKey: adminKeys.queue(q), queryFn: () => getQueue(q), staleTime: 10_000 });

export function useQueue(q: QueueQuery) {
  return useQuery({ ...queueQueryOptions(q), placeholderData: keepPreviousData });
}
