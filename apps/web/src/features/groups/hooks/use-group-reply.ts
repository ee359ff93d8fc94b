// A group reply streaming in (send, "let X speak", regenerate, continue): who speaks, the words so far and the queue
// position live here; the messages live in the cached group session, which the stream's events update.
import { useEffect, useRef, useState } from 'react';
import type { GroupSession, GroupSpeaker } from '@reverie/shared';
import { syncAccount } from '@/features/billing/lib/sync-account';
import { chatKeys } from '@/lib/query-keys/chat';
import type { Streaming } from '@/features/conversation/hooks/use-reply-stream';
import { upsertMessage } from '@/features/conversation/lib/session-cache';
import { queryClient } from '@/lib/query-client';
import { getGroupSession } from '../api/get-group';
import { groupKeys } from '@/lib/query-keys/groups';
import { streamGroupReply, type GroupReplyKind } from '../api/stream-group-reply';
import { updateGroupMessages } from '@/features/conversation/lib/group-cache';

export interface GroupStreaming extends Streaming {
  /** Who writes the reply (known from the stream's first event). */
  speaker: GroupSpeaker | null;
}

interface Options {
  groupId: string;
  session: GroupSession;
  explain: (error: unknown) => boolean;
  clearProblem: () => void;
  onBegin?: () => void;
}

export function useGroupReply({ groupId, session, explain, clearProblem, onBegin }: Options) {
  const [streaming, setStreaming] = useState<GroupStreaming | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  useEffect(() => () => abortRef.current?.abort(), []);
  const convId = session.group.conversationId;

  /** The server's copy after a reply (saved text, swipes, next speaker, cost). */
  const resync = async () => {
    void queryClient.invalidateQueries({ queryKey: chatKeys.conversations() });
    try {
      const fresh = await getGroupSession(groupId);
      queryClient.setQueryData(groupKeys.session(groupId), fresh);
      syncAccount({ coins: fresh.cost.balance });
    } catch {
      // the page keeps what it has
    }
  };

  const generate = async (kind: GroupReplyKind, body: { content?: string; speakerId?: string; characterId?: string } = {}) => {
    if (abortRef.current) return false;
    const last = queryClient.getQueryData<GroupSession>(groupKeys.session(groupId))?.messages.at(-1) ?? session.messages.at(-1);
    const rewrites = kind === 'regenerate' || kind === 'continue';
    const target = rewrites && last?.role === 'assistant' ? last.id : null;
    clearProblem();
    const abort = new AbortController();
    abortRef.current = abort;
    onBegin?.();
    const shownKind = kind === 'speak' ? 'message' : kind;
    setStreaming({ kind: shownKind, replyId: target, text: '', queue: 0, speaker: null });
    let accepted = false;
    try {
      const result = await streamGroupReply(
        groupId,
        kind,
        body,
        {
          onSpeaker: (speaker) => setStreaming((s) => (s ? { ...s, speaker } : s)),
          onStart: (e) => {
            accepted = true;
            if (e.userMessage) updateGroupMessages(convId, (m) => [...m, e.userMessage!]);
            setStreaming((s) => (s ? { ...s, replyId: e.replyId } : s));
          },
          onQueue: (position) => setStreaming((s) => (s ? { ...s, queue: position } : s)),
          onToken: (text) => setStreaming((s) => (s ? { ...s, text: s.text + text, queue: 0 } : s)),
        },
        abort.signal,
      );
      updateGroupMessages(convId, (m) => upsertMessage(m, result.message));
      return true;
    } catch (error) {
      if (!abort.signal.aborted) {
        explain(error);
        return accepted;
      }
      return true;
    } finally {
      abortRef.current = null;
      setStreaming(null);
      if (abort.signal.aborted) window.setTimeout(() => void resync(), 1000);
      else await resync();
    }
  };

  return { streaming, generate, stop: () => abortRef.current?.abort(), resync };
}
