import { useMutation } from '@tanstack/react-query';
import type { EndpointBody } from '@reverie/shared';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { chatKeys } from '@/lib/query-keys/chat';
import { groupKeys } from '@/lib/query-keys/groups';

/** POST /api/groups. */
export const createGroup = (body: EndpointBody<typeof api.groups.create>) => apiRequest(api.groups.create, { body });

/** Affects the group's session (cached as created) and the recent chats (the group joins them). */
export function useCreateGroup() {
  return useMutation({
    mutationFn: createGroup,
    onSuccess: (session) => {
      queryClient.setQueryData(groupKeys.session(session.group.id), session);
      void queryClient.invalidateQueries({ queryKey: chatKeys.conversations() });
    },
  });
}
