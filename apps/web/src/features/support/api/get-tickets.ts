import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TicketStatus } from '@reverie/shared';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { supportKeys } from '@/lib/query-keys/support';

export const TICKETS_PAGE = 20;

/** GET /api/support/tickets: the caller's tickets, most recently active first, optionally of one status. */
export const getTickets = (status: TicketStatus | undefined, page: number) =>
  apiRequest(api.support.tickets, { query: { status, page, limit: TICKETS_PAGE } });

export const ticketsQueryOptions = (status: TicketStatus | undefined, page: number) =>
  queryOptions({ queryKey: supportKeys.list(status, page), queryFn: () => getTickets(status, page), staleTime: 30_000 });

export function useTickets(status: TicketStatus | undefined, page: number) {
  return useQuery({ ...ticketsQueryOptions(status, page), placeholderData: keepPreviousData });
}
