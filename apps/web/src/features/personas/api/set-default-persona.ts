import { useMutation } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { personasKeys } from '@/lib/query-keys/personas';

/** POST /api/personas/{id}/default. */
export const setDefaultPersona = (id: string) => apiRequest(api.personas.setDefault, { params: { id } });

/** Affects the personas list and the conversations using the default. */
export const useSetDefaultPersona = () =>
  useMutation({ mutationFn: setDefaultPersona, onSuccess: () => queryClient.invalidateQueries({ queryKey: personasKeys.all }) });
