import { useMutation } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { chatKeys } from '@/lib/query-keys/chat';
import { personasKeys } from '@/lib/query-keys/personas';

/** PUT /api/conversations/{id}/persona (null: back to the default; null with `account`: your username, no persona). */
export const choosePersona = ({
  conversationId,
  personaId,
  account,
}: {
  conversationId: string;
  personaId: string | null;
  account?: boolean;
}) => apiRequest(api.personas.choose, { params: { id: conversationId }, body: { personaId, ...(account ? { account } : {}) } });

/**
 * Affects this conversation's persona (cached from the answer), the persona other conversations with the character
 * start with, and the chat sessions (an untouched greeting is written again with the new name).
 */
export function useChoosePersona() {
  return useMutation({
    mutationFn: choosePersona,
    onSuccess: (result) => {
      queryClient.setQueryData(personasKeys.conversation(result.conversationId), result);
      void queryClient.invalidateQueries({ queryKey: chatKeys.sessions() });
      void queryClient.invalidateQueries({ queryKey: chatKeys.conversations() });
    },
  });
}
