import { useQuery } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { groupKeys } from '@/lib/query-keys/groups';

/** GET /api/groups/{id}: the group, its latest messages, who speaks next and what a reply costs. */
export const getGroupSession = (id: string) => apiRequest(api.groups.get, { params: { id } });

export function useGroupSession(id: string, enabled: boolean) {
  return useQuery({
    queryKey: groupKeys.session(id),
    queryFn: () => getGroupSession(id),
    enabled,
    retry: false,
    refetchOnWindowFocus: false,
  });
}
