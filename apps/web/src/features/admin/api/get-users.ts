import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { adminKeys } from '@/lib/query-keys/admin';

export interface UsersFilter {
  q?: string;
  suspendedOnly?: boolean;
  page: number;
}

/** GET /api/admin/users */
export const getUsers = (f: UsersFilter) =>
  apiRequest(api.admin.users, {
    query: { q: f.q || undefined, suspendedOnly: f.suspendedOnly ? 'true' : undefined, page: f.page, limit: 20 },
  });

export const usersQueryOptions = (f: UsersFilter) =>
  queryOptions({ queryKey: adminKeys.users(f), queryFn: () => getUsers(f), staleTime: 10_000 });

export function useUsers(f: UsersFilter) {
  return useQuery({ ...usersQueryOptions(f), placeholderData: keepPreviousData });
}
