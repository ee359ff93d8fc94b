import { useMutation } from '@tanstack/react-query';
import type { UserActionBody } from '@reverie/shared';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { invalidateAdmin } from './invalidate';

/** POST /api/admin/users/{id}/actions: warn, suspend, unsuspend. */
export const userAction = ({ id, ...body }: UserActionBody & { id: string }) => apiRequest(api.admin.userAction, { params: { id }, body });

/** Affects the whole console (invalidated). */
export function useUserAction() {
  return useMutation({ mutationFn: userAction, onSuccess: invalidateAdmin });
}
