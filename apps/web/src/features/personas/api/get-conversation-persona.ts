import { useQuery } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { personasKeys } from '@/lib/query-keys/personas';

/** GET /api/conversations/{id}/persona: who you are in this conversation. */
export const getConversationPersona = (conversationId: string) =>
  apiRequest(api.personas.conversationPersona, { params: { id: conversationId } });

export function useConversationPersona(conversationId: string | undefined) {
  return useQuery({
    queryKey: personasKeys.conversation(conversationId ?? ''),
    queryFn: () => getConversationPersona(conversationId!),
    enabled: Boolean(conversationId),
    staleTime: 60_000,
  });
}
