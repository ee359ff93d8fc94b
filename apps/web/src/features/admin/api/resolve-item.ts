import { useMutation } from '@tanstack/react-query';
import type { ResolveQueueBody } from '@reverie/shared';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { invalidateAdmin } from './invalidate';

/** POST /api/admin/queue/{id}/resolve */
export const resolveItem = ({ id, ...body }: ResolveQueueBody & { id: string }) =>
  apiRequest(api.admin.resolveItem, { params: { id }, body });

/** Affects the whole console (invalidated). */
export function useResolveItem() {
  return useMutation({ mutationFn: resolveItem, onSuccess: invalidateAdmin });
}
