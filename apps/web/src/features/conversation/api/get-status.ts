import { useQuery } from '@tanstack/react-query';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { chatKeys } from '@/lib/query-keys/chat';

/** GET /api/chat/status: the model (provider, name, context, readiness and download progress). */
export const getChatStatus = () => apiRequest(api.chat.status);

/** Polls while the model is downloading or loading, so progress moves on screen. */
export function useChatStatus() {
  return useQuery({
    queryKey: chatKeys.status(),
    queryFn: getChatStatus,
    refetchInterval: (q) => (q.state.data && !q.state.data.ready ? 3000 : false),
  });
}
