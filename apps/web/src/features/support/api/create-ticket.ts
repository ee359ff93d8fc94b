import { useMutation } from '@tanstack/react-query';
import type { CreateTicketBody } from '@reverie/shared';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { supportKeys } from '@/lib/query-keys/support';

/** POST /api/support/tickets */
export const createTicket = (body: CreateTicketBody) => apiRequest(api.support.createTicket, { body });

/** Affects the ticket lists (refetched) and caches the new ticket's thread. */
export function useCreateTicket() {
  return useMutation({
    mutationFn: createTicket,
    onSuccess: (ticket) => {
      queryClient.setQueryData(supportKeys.ticket(ticket.id), ticket);
      return queryClient.invalidateQueries({ queryKey: supportKeys.lists() });
    },
  });
}
