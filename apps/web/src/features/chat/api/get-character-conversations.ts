import { useQuery } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { chatKeys } from '@/lib/query-keys/chat';

/** GET /api/chat/{characterId}/conversations: earlier conversations with one character. */
export const getCharacterConversations = (characterId: string) => apiRequest(api.chat.characterConversations, { params: { characterId } });

export function useCharacterConversations(characterId: string, enabled: boolean) {
  return useQuery({
    queryKey: chatKeys.characterConversations(characterId),
    queryFn: () => getCharacterConversations(characterId),
    enabled,
  });
}
