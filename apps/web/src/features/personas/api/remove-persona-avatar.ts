import { useMutation } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { personasKeys } from '@/lib/query-keys/personas';

/** DELETE /api/personas/{id}/avatar. */
export const removePersonaAvatar = (id: string) => apiRequest(api.personas.removeAvatar, { params: { id } });

/** Affects the personas list and the avatars in conversations. */
export const useRemovePersonaAvatar = () =>
  useMutation({ mutationFn: removePersonaAvatar, onSuccess: () => queryClient.invalidateQueries({ queryKey: personasKeys.all }) });
