import { useMutation } from '@tanstack/react-query';
import type { ResolveRemovalBody } from '@reverie/shared';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { invalidateAdmin } from './invalidate';

/** POST /api/admin/removal-requests/{id}/resolve: the requester is told by mail. */
export const resolveRemoval = ({ id, ...body }: ResolveRemovalBody & { id: string }) =>
  apiRequest(api.admin.resolveRemoval, { params: { id }, body });

/** Affects the whole console (invalidated). */
export function useResolveRemoval() {
  return useMutation({ mutationFn: resolveRemoval, onSuccess: invalidateAdmin });
}
