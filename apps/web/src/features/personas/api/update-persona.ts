import { useMutation } from '@tanstack/react-query';
import type { UpdatePersonaBody } from '@reverie/shared';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { personasKeys } from '@/lib/query-keys/personas';

/** PATCH /api/personas/{id}. */
export const updatePersona = ({ id, ...body }: UpdatePersonaBody & { id: string }) =>
  apiRequest(api.personas.update, { params: { id }, body });

/** Affects the personas list and the conversations' personas. */
export const useUpdatePersona = () =>
  useMutation({ mutationFn: updatePersona, onSuccess: () => queryClient.invalidateQueries({ queryKey: personasKeys.all }) });
