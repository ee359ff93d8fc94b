import { useMutation } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { chatKeys } from '@/lib/query-keys/chat';

/** POST /api/chat/{characterId}/conversations: a fresh conversation (the earlier ones are kept). */
export const newConversation = (characterId: string) => apiRequest(api.chat.newConversation, { params: { characterId } });

/** Affects the new conversation's session (cached from the answer) and the character's list of conversations. */
export function useNewConversation() {
  return useMutation({
    mutationFn: newConversation,
    onSuccess: (fresh, characterId) => {
      queryClient.setQueryData(chatKeys.session(characterId, fresh.conversation.id), fresh);
      void queryClient.invalidateQueries({ queryKey: chatKeys.characterConversations(characterId) });
    },
  });
}
