import { useQuery } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { chatKeys } from '@/lib/query-keys/chat';

/** GET /api/messages/{id}/inspection/prompt: the reply's full prompt, rebuilt with today's data (and what changed). */
export const getRebuiltPrompt = (messageId: string, swipe: number) =>
  apiRequest(api.inspector.prompt, { params: { messageId }, query: { swipe } });

/** Fetched only once asked for (`enabled`), fresh every time it is opened. */
export function useRebuiltPrompt(messageId: string, swipe: number, enabled: boolean) {
  return useQuery({
    queryKey: chatKeys.rebuiltPrompt(messageId, swipe),
    queryFn: () => getRebuiltPrompt(messageId, swipe),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}
