import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from '@/lib/query-keys/admin';

/** GET /api/admin/users/{id}: the account with its history, open items and held characters. */
export const getAdminUser = (id: string) => apiRequest(api.admin.user, { params: { id } });

export const adminUserQueryOptions = (id: string) =>
  queryOptions({ queryKey: adminKeys.user(id), queryFn: () => getAdminUser(id), staleTime: 10_000 });

export function useAdminUser(id: string) {
  return useQuery(adminUserQueryOptions(id));
}
