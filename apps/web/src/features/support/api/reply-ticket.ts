import { useMutation } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { supportKeys } from '@/lib/query-keys/support';

/** POST /api/support/tickets/{id}/replies */
export const replyToTicket = ({ id, message }: { id: string; message: string }) =>
  apiRequest(api.support.reply, { params: { id }, body: { message } });

/** Affects the ticket's thread (replaced by the answer) and the lists (refetched: the status changed). */
export function useReplyToTicket() {
  return useMutation({
    mutationFn: replyToTicket,
    onSuccess: (ticket) => {
      queryClient.setQueryData(supportKeys.ticket(ticket.id), ticket);
      return queryClient.invalidateQueries({ queryKey: supportKeys.lists() });
    },
  });
}
