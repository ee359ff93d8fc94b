import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { personasKeys } from '@/lib/query-keys/personas';

/** GET /api/personas: your personas, the default first. */
export const getPersonas = () => apiRequest(api.personas.list);

export const personasQueryOptions = () => queryOptions({ queryKey: personasKeys.list(), queryFn: getPersonas });

export function usePersonas(enabled = true) {
  return useQuery({ ...personasQueryOptions(), enabled });
}

/** The default persona's name (what `{{user}}` becomes in a new chat without a remembered choice), if there is one. */
export function useDefaultPersonaName(signedIn: boolean): string | undefined {
  const personas = useQuery({ ...personasQueryOptions(), enabled: signedIn, staleTime: 60_000 });
  return personas.data?.items.find((p) => p.isDefault)?.name;
}
