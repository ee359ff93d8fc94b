import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { supportKeys } from '@/lib/query-keys/support';

/** GET /api/support/tickets/{id}: one of the caller's tickets with its thread (404 for anyone else's). */
export const getTicket = (id: string) => apiRequest(api.support.ticket, { params: { id } });

export const ticketQueryOptions = (id: string) =>
  queryOptions({ queryKey: supportKeys.ticket(id), queryFn: () => getTicket(id), staleTime: 15_000 });

export function useTicket(id: string) {
  return useQuery(ticketQueryOptions(id));
}
