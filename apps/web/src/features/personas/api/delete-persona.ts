import { useMutation } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { personasKeys } from '@/lib/query-keys/personas';

/** DELETE /api/personas/{id}. */
export const deletePersona = (id: string) => apiRequest(api.personas.remove, { params: { id } });

/** Affects the personas list and the conversations' personas (they fall back to the default). */
export const useDeletePersona = () =>
  useMutation({ mutationFn: deletePersona, onSuccess: () => queryClient.invalidateQueries({ queryKey: personasKeys.all }) });
