// The cached group sessions (`groupKeys.session`): the group reply stream and the chat's message actions patch them.
import type { ChatMessage, GroupSession } from '@reverie/shared';
import { queryClient } from '@/lib/query-client';
import { groupKeys } from '@/lib/query-keys/groups';

/** Applies `fn` to the messages of every cached group session showing conversation `conversationId`. */
export function updateGroupMessages(conversationId: string, fn: (messages: ChatMessage[]) => ChatMessage[]) {
  queryClient.setQueriesData<GroupSession>({ queryKey: groupKeys.sessions() }, (s) =>
    s && s.group.conversationId === conversationId ? { ...s, messages: fn(s.messages) } : s,
  );
}
