import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicUser } from '@reverie/shared';
import { api } from '@/lib/api-client';

/** GET /api/users/{id}: what anyone may see of a user (404 when unknown). */
export function getPublicUser(id: string): Promise<PublicUser> {
  return api.get<PublicUser>(`/api/users/${encodeURIComponent(id)}`);
}

export function publicUserQueryOptions(id: string) {
  return queryOptions({ queryKey: ['users', id], queryFn: () => getPublicUser(id) });
}

export function usePublicUser(id: string | undefined) {
  return useQuery({ ...publicUserQueryOptions(id ?? ''), enabled: Boolean(id) });
}
