// A group reply streaming in (send, "let X speak", regenerate, continue): the conversation kit's reply stream given
// the group's stream function and session; who speaks arrives with the stream's first event.
import type { GroupSession } from '@reverie/shared';
import { queryClient } from '@/lib/query-client';
import { groupKeys } from '@/lib/query-keys/groups';
import { useReplyStream, type ReplyRequest } from '@/features/conversation';
import { getGroupSession } from '../api/get-group';
import { groupChangeMark } from '../api/update-group';
import { streamGroupReply, type GroupReplyBody, type GroupReplyKind } from '../api/stream-group-reply';

interface Options {
  groupId: string;
  session: GroupSession;
  explain: (error: unknown) => boolean;
  clearProblem: () => void;
  onBegin?: () => void;
}

/** "Let X speak" is shown as a new reply (a message's kind); the body goes to the group's endpoint as it is. */
interface GroupRequest extends ReplyRequest {
  speak: boolean;
  body: GroupReplyBody;
}

export function useGroupReply({ groupId, session, ...rest }: Options) {
  const sessionKey = groupKeys.session(groupId);
  const reply = useReplyStream<GroupRequest>({
    ...rest,
    conversationId: session.group.conversationId,
    sessionKey,
    messages: session.messages,
    stream: ({ kind, speak, body }, _conversationId, handlers, signal) =>
      streamGroupReply(groupId, speak ? 'speak' : kind, body, handlers, signal),
    refetch: async () => {
      const mark = groupChangeMark(groupId);
      const fresh = await getGroupSession(groupId);
      // A change written while this read was under way (Skip pressed as a reply ended) is newer than the read's group.
      queryClient.setQueryData<GroupSession>(sessionKey, (cur) =>
        cur && groupChangeMark(groupId) !== mark ? { ...fresh, group: cur.group } : fresh,
      );
      return fresh;
    },
  });
  const generate = (kind: GroupReplyKind, body: GroupReplyBody = {}) =>
    reply.generate({ kind: kind === 'speak' ? 'message' : kind, speak: kind === 'speak', body });
  return { streaming: reply.streaming, generate, stop: reply.stop, resync: reply.resync };
}
