import { useMutation } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { charactersKeys } from '@/lib/query-keys/characters';
import { queryClient } from '@/lib/query-client';
import { invalidateAdmin } from './invalidate';

/** PUT /api/admin/characters/{id}/premium (admins only): chatting with a premium character needs a membership. */
export const setCharacterPremium = ({ id, premium, reason }: { id: string; premium: boolean; reason: string }) =>
  apiRequest(api.admin.characterPremium, { params: { id }, body: { premium, reason } });

/** Affects the whole console and the character's cached profile (both invalidated). */
export function useSetCharacterPremium() {
  return useMutation({
    mutationFn: setCharacterPremium,
    onSuccess: async (_r, { id }) => {
      await Promise.all([invalidateAdmin(), queryClient.invalidateQueries({ queryKey: charactersKeys.detail(id) })]);
    },
  });
}
