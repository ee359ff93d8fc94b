import { useMutation } from '@tanstack/react-query';
import type { StaffTicketReplyBody } from '@reverie/shared';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { invalidateAdmin } from './invalidate';

/** POST /api/admin/tickets/{id}/replies: answer as Reverie Support. */
export const replyAsStaff = ({ id, ...body }: StaffTicketReplyBody & { id: string }) =>
  apiRequest(api.admin.replyTicket, { params: { id }, body });

/** Affects the whole console (invalidated). */
export function useReplyAsStaff() {
  return useMutation({ mutationFn: replyAsStaff, onSuccess: invalidateAdmin });
}
