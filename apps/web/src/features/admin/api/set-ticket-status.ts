import { useMutation } from '@tanstack/react-query';
import { api, type TicketStatus } from '@reverie/shared';
import { apiRequest } from '@/lib/api-client';
import { invalidateAdmin } from './invalidate';

/** PUT /api/admin/tickets/{id}/status */
export const setTicketStatus = ({ id, status, reason }: { id: string; status: TicketStatus; reason: string }) =>
  apiRequest(api.admin.ticketStatus, { params: { id }, body: { status, reason } });

/** Affects the whole console (invalidated). */
export function useSetTicketStatus() {
  return useMutation({ mutationFn: setTicketStatus, onSuccess: invalidateAdmin });
}
