// Crisis resources the server sent with a message of yours (the stream's `start` event), kept for the session on this
// device by message id: the chat shows them under that message.
import { useQuery } from '@tanstack/react-query';
import type { CrisisSupport } from '@reverie/shared';
import { queryClient } from '@/lib/query-client';
import { crisisKeys } from '@/lib/query-keys/chat';

type ByMessage = Record<string, CrisisSupport>;

export function rememberCrisisSupport(conversationId: string, messageId: string, support: CrisisSupport): void {
  queryClient.setQueryData<ByMessage>(crisisKeys.support(conversationId), (old) => ({ ...old, [messageId]: support }));
}

/** What was kept for a conversation's messages (only ever written by the stream; a refetch keeps it). */
export function useCrisisSupport(conversationId: string | undefined): ByMessage {
  const key = crisisKeys.support(conversationId ?? 'none');
  // Never fetched: the cache entry is only written by rememberCrisisSupport, and observed here.
  const { data } = useQuery({ queryKey: key, queryFn: () => ({}) as ByMessage, enabled: false, staleTime: Infinity, gcTime: Infinity });
  return data ?? {};
}
