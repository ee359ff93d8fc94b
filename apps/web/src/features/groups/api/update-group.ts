import { useMutation } from '@tanstack/react-query';
import type { EndpointBody, Group, GroupSession } from '@reverie/shared';
import { api } from '@reverie/shared/api/routes';
import { apiRequest } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { chatKeys } from '@/lib/query-keys/chat';
import { groupKeys } from '@/lib/query-keys/groups';

const changes = new Map<string, number>();

/** How many changes this page has written into a group: a session read that started before one must not undo it. */
export const groupChangeMark = (id: string) => changes.get(id) ?? 0;

/** Writes a changed group into its cached session. */
export function applyGroup(group: Group) {
  changes.set(group.id, groupChangeMark(group.id) + 1);
  queryClient.setQueryData<GroupSession>(groupKeys.session(group.id), (s) => (s ? { ...s, group } : s));
}

type GroupChange =
  | { kind: 'settings'; id: string; body: EndpointBody<typeof api.groups.update> }
  | { kind: 'add'; id: string; characterId: string }
  | { kind: 'remove'; id: string; characterId: string }
  | { kind: 'skip'; id: string };

/** PATCH /api/groups/{id}, POST/DELETE …/members, POST …/skip: each answers the group as it now is. */
export const changeGroup = (c: GroupChange) => {
  switch (c.kind) {
    case 'settings':
      return apiRequest(api.groups.update, { params: { id: c.id }, body: c.body });
    case 'add':
      return apiRequest(api.groups.addMember, { params: { id: c.id }, body: { characterId: c.characterId } });
    case 'remove':
      return apiRequest(api.groups.removeMember, { params: { id: c.id, characterId: c.characterId } });
    case 'skip':
      return apiRequest(api.groups.skip, { params: { id: c.id } });
  }
};

/** Affects the group's cached session (its group part) and the recent chats (name, stacked avatars). */
export function useChangeGroup() {
  return useMutation({
    mutationFn: changeGroup,
    onSuccess: (group, change) => {
      applyGroup(group);
      if (change.kind !== 'skip') void queryClient.invalidateQueries({ queryKey: chatKeys.conversations() });
    },
  });
}
