import { useMutation } from '@tanstack/react-query';
import type { CreatePersonaBody } from '@reverie/shared';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { personasKeys } from '@/lib/query-keys/personas';

/** POST /api/personas. */
export const createPersona = (body: CreatePersonaBody) => apiRequest(api.personas.create, { body });

/** Affects the personas list and the conversations' personas. */
export const useCreatePersona = () =>
  useMutation({ mutationFn: createPersona, onSuccess: () => queryClient.invalidateQueries({ queryKey: personasKeys.all }) });
