import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EndpointBody } from '@reverie/shared';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { chatKeys } from '@/lib/query-keys/chat';

/** GET /api/conversations/{id}/writes-first: whether the character may write first, and after how long. */
export const getWritesFirst = (conversationId: string) => apiRequest(api.chat.writesFirst, { params: { id: conversationId } });

export function useWritesFirst(conversationId: string) {
  return useQuery({ queryKey: chatKeys.writesFirst(conversationId), queryFn: () => getWritesFirst(conversationId) });
}

/** PUT /api/conversations/{id}/writes-first: "may message me" on (with the pause) or off. */
export function useUpdateWritesFirst(conversationId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof api.chat.updateWritesFirst>) =>
      apiRequest(api.chat.updateWritesFirst, { params: { id: conversationId }, body }),
    onSuccess: (setting) => qc.setQueryData(chatKeys.writesFirst(conversationId), setting),
  });
}
