import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { usersKeys } from '@/lib/query-keys/users';

/** GET /api/users/{id}: what anyone may see of a user (404 when unknown). */
export const getPublicUser = (id: string) => apiRequest(api.users.publicProfile, { params: { id } });

export function publicUserQueryOptions(id: string) {
  return queryOptions({ queryKey: usersKeys.detail(id), queryFn: () => getPublicUser(id) });
}

export function usePublicUser(id: string | undefined) {
  return useQuery({ ...publicUserQueryOptions(id ?? ''), enabled: Boolean(id) });
}
