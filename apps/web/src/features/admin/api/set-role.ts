import { useMutation } from '@tanstack/react-query';
import type { UserRole } from '@reverie/shared';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { invalidateAdmin } from './invalidate';

/** PUT /api/admin/users/{id}/role */
export const setRole = ({ id, role, reason }: { id: string; role: UserRole; reason: string }) =>
  apiRequest(api.admin.setRole, { params: { id }, body: { role, reason } });

/** Affects the whole console (invalidated). */
export function useSetRole() {
  return useMutation({ mutationFn: setRole, onSuccess: invalidateAdmin });
}
