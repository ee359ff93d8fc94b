import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { charactersKeys } from '@/lib/query-keys/characters';

/** GET /api/characters/{id}: the full profile (404 for unknown or private ones). */
export const getCharacter = (id: string) => apiRequest(api.characters.get, { params: { id } });

export function characterQueryOptions(id: string) {
  return queryOptions({ queryKey: charactersKeys.detail(id), queryFn: () => getCharacter(id) });
}

export function useCharacter(id: string | undefined) {
  return useQuery({ ...characterQueryOptions(id ?? ''), enabled: Boolean(id) });
}
