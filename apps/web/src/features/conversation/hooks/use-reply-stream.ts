// A reply streaming in (send, regenerate, continue): the words so far and the queue position live here while the
// reply is written; the messages themselves live in the cached session, which the stream's events update.
import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import type { ChatMessage, ChatSession, ChatStatus } from '@reverie/shared';
import { syncAccount } from '@/features/billing/lib/sync-account';
import { queryClient } from '@/lib/query-client';
import { getChatSession } from '@/features/chat/api/get-session';
import { chatKeys } from '@/lib/query-keys/chat';
import { streamReply, type ReplyKind, type StreamHandlers, type StreamResult } from '../api/stream-reply';
import { updateMessages, upsertMessage } from '../lib/session-cache';

export interface Streaming {
  kind: ReplyKind;
  /** The reply being written: a new message (send) or an existing one (regenerate, continue). */
  replyId: string | null;
  text: string;
  queue: number;
}

export interface ReplyStreamOptions {
  characterId: string;
  /** The conversation the address names (undefined: the current one); its session is the cache entry refreshed. */
  conversationId: string | undefined;
  /** The session on screen. */
  session: ChatSession | undefined;
  /** Shows a failure (a banner, the sign-up or membership prompt); true when it was one it knows. */
  explain: (error: unknown) => boolean;
  /** A new attempt clears the last failure. */
  clearProblem: () => void;
  /** A reply starts: the message list follows it to the bottom. */
  onBegin?: () => void;
}

type Stats = StreamResult['stats'];
interface LastRequest {
  kind: ReplyKind;
  content?: string;
  accepted: boolean;
}

/** What arrived before the reader pressed stop: the server saves the same text as incomplete. */
function partialReply(id: string, conversationId: string, text: string): ChatMessage {
  return {
    id,
    conversationId,
    role: 'assistant',
    content: text,
    status: 'incomplete',
    swipes: [text],
    swipeIndex: 0,
    createdAt: new Date().toISOString(),
    editedAt: null,
    persona: null,
  };
}

/** The server's copy after a generation (saved text, swipes, cost), written over the session the page reads. */
export function useSessionResync(characterId: string, convId: string | undefined, conversationId: string | undefined) {
  return useCallback(async (): Promise<ChatSession | undefined> => {
    void queryClient.invalidateQueries({ queryKey: chatKeys.conversations() });
    // A reply came (or failed): the model's state may have changed since the page last asked.
    if (!queryClient.getQueryData<ChatStatus>(chatKeys.status())?.ready)
      void queryClient.invalidateQueries({ queryKey: chatKeys.status() });
    try {
      const fresh = await getChatSession(characterId, convId);
      queryClient.setQueryData(chatKeys.session(characterId, conversationId), fresh);
      // The header's coin count reads the session user: a charged or refunded reply moves it too.
      syncAccount({ coins: fresh.cost.balance });
      return fresh;
    } catch {
      return undefined; // the page keeps what it has; the next action tries again
    }
  }, [characterId, convId, conversationId]);
}

/** The stream's events as cache writes and on-screen progress; `run` collects what a stop keeps. */
function replyHandlers(
  convId: string,
  request: LastRequest,
  run: { replyId: string | null; streamed: string },
  setStreaming: Dispatch<SetStateAction<Streaming | null>>,
): StreamHandlers {
  return {
    onStart: (e) => {
      request.accepted = true;
      run.replyId = e.replyId;
      if (e.userMessage) updateMessages(convId, (m) => [...m, e.userMessage!]);
      setStreaming((s) => (s ? { ...s, replyId: e.replyId } : s));
    },
    onQueue: (position) => setStreaming((s) => (s ? { ...s, queue: position } : s)),
    onToken: (text) => {
      run.streamed += text;
      setStreaming((s) => (s ? { ...s, text: s.text + text, queue: 0 } : s));
    },
  };
}

export function useReplyStream(options: ReplyStreamOptions) {
  const { characterId, conversationId, session } = options;
  const [streaming, setStreaming] = useState<Streaming | null>(null);
  const [lastStats, setLastStats] = useState<Stats | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const lastRequest = useRef<LastRequest | null>(null);
  // Callbacks that run after awaits read the latest options, not the ones of the render that started them.
  const latest = useRef(options);
  latest.current = options;
  useEffect(() => () => abortRef.current?.abort(), []);
  const convId = session?.conversation.id;
  const sessionKey = chatKeys.session(characterId, conversationId);

  const resync = useSessionResync(characterId, convId, conversationId);

  /** `messageId`: regenerate that reply rather than the last one (after an edit in the middle, issue #28). */
  const generate = async (kind: ReplyKind, content?: string, messageId?: string): Promise<boolean> => {
    if (abortRef.current || !convId) return false;
    // Regenerate and continue write into the last reply; regenerate after a message left without one writes a new reply.
    const last = (queryClient.getQueryData<ChatSession>(sessionKey) ?? latest.current.session)?.messages.at(-1);
    const target = messageId ?? (kind !== 'message' && last?.role === 'assistant' ? last.id : null);
    latest.current.clearProblem();
    const request: LastRequest = { kind, content, accepted: false };
    lastRequest.current = request;
    const abort = new AbortController();
    abortRef.current = abort;
    latest.current.onBegin?.();
    setStreaming({ kind, replyId: target, text: '', queue: 0 });
    const run = { replyId: target, streamed: '' };
    try {
      const result = await streamReply(
        characterId,
        kind,
        { conversationId: convId, ...(content !== undefined ? { content } : {}), ...(messageId ? { messageId } : {}) },
        replyHandlers(convId, request, run, setStreaming),
        abort.signal,
      );
      setLastStats(result.stats);
      updateMessages(convId, (m) => upsertMessage(m, result.message));
      return true;
    } catch (error) {
      if (!abort.signal.aborted) {
        latest.current.explain(error);
        return request.accepted;
      }
      // Stopped: keep what arrived on screen; the server saves it as incomplete once it has seen the stop.
      const id = run.replyId;
      if (target === null && run.streamed.trim() && id) {
        updateMessages(convId, (m) => (m.some((x) => x.id === id) ? m : [...m, partialReply(id, convId, run.streamed)]));
      }
      return true;
    } finally {
      abortRef.current = null;
      setStreaming(null);
      if (abort.signal.aborted) window.setTimeout(() => void resync(), 1000);
      else await resync();
    }
  };

  const stop = () => abortRef.current?.abort();

  /**
   * Tries the last request again. The message may already be saved (the server accepted it before the failure):
   * resync first, then ask for a reply to it, or send it again if it never arrived.
   */
  const retry = () => {
    const request = lastRequest.current;
    latest.current.clearProblem();
    if (!request) return;
    void resync().then((fresh) => {
      if (fresh?.messages.at(-1)?.role === 'user') void generate('regenerate');
      else if (request.kind === 'message' && request.content && !request.accepted) void generate('message', request.content);
    });
  };

  return { streaming, lastStats, generate, stop, retry, resync };
}
