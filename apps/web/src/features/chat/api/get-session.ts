import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { chatKeys } from '@/lib/query-keys/chat';

/** GET /api/chat/{characterId}: the current (or given) conversation, created with the greeting on first open. */
export const getChatSession = (characterId: string, conversationId?: string) =>
  apiRequest(api.chat.session, { params: { characterId }, query: conversationId ? { conversationId } : {} });

/** The conversation on screen stays while another one of the same character loads (the page is keyed by character). */
export function useChatSession(characterId: string | undefined, conversationId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: chatKeys.session(characterId ?? '', conversationId),
    queryFn: () => getChatSession(characterId!, conversationId),
    enabled: enabled && Boolean(characterId),
    retry: false,
    refetchOnWindowFocus: false,
    placeholderData: keepPreviousData,
  });
}
