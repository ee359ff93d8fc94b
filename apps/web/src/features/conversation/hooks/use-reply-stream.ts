// A reply streaming in (send, regenerate, continue; in a group also "let X speak"): the words so far, the queue
// position and who speaks live here while the reply is written; the messages themselves live in the cached session,
// which the stream's events update. The conversation plugs in its stream function and how to refetch its session.
import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import type { ChatMessage, ChatStatus, GroupSpeaker } from '@reverie/shared';
import { syncAccount } from '@/features/billing';
import { queryClient } from '@/lib/query-client';
import { chatKeys } from '@/lib/query-keys/chat';
import { stopReply } from '../api/stop-reply';
import type { ReplyKind, StreamHandlers, StreamResult } from '../api/stream-reply';
import { updateMessages, upsertMessage } from '../lib/session-cache';

export interface Streaming {
  kind: ReplyKind;
  /** The reply being written: a new message (send) or an existing one (regenerate, continue). */
  replyId: string | null;
  text: string;
  queue: number;
  /** In a group: who writes the reply (known from the stream's first event). */
  speaker?: GroupSpeaker | null;
}

/** What is asked for; `messageId`: regenerate that reply rather than the last one (after an edit in the middle, #28). */
export interface ReplyRequest {
  kind: ReplyKind;
  content?: string;
  messageId?: string;
}

export interface ReplyHandlers extends StreamHandlers {
  /** Who writes the reply (a group's first event). */
  onSpeaker?: (speaker: GroupSpeaker) => void;
}

/** Opens the reply's stream and reads it into `handlers` (the one-to-one chat's or the group's endpoints). */
export type ReplyStreamFn<R extends ReplyRequest> = (
  request: R,
  conversationId: string,
  handlers: ReplyHandlers,
  signal: AbortSignal,
) => Promise<StreamResult>;

/** The session a reply refreshes: its messages and the coin balance after it. */
interface FreshSession {
  messages: ChatMessage[];
  cost: { balance: number };
}

export interface ReplyStreamOptions<R extends ReplyRequest> {
  stream: ReplyStreamFn<R>;
  /** The conversation on screen (undefined while it has none). */
  conversationId: string | undefined;
  /** Its cache entry, and the messages on screen (read when the cache has none). */
  sessionKey: QueryKey;
  messages: ChatMessage[] | undefined;
  /** Asks the server for the session and writes it into the cache. */
  refetch: () => Promise<FreshSession>;
  /** A stopped new reply stays on screen as incomplete until the server's copy comes. */
  keepStopped?: boolean;
  /** Shows a failure (a banner, the sign-up or membership prompt); true when it was one it knows. */
  explain: (error: unknown) => boolean;
  /** A new attempt clears the last failure. */
  clearProblem: () => void;
  /** A reply starts: the message list follows it to the bottom. */
  onBegin?: () => void;
}

type Stats = StreamResult['stats'];

/** After Stop, the stream is closed here if the server has not ended it by then (it could not be reached). */
const STOP_FALLBACK_MS = 5_000;
interface LastRequest<R> {
  request: R;
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

/** A reply being asked for: its id once the server named it, the words so far, and whether Stop was pressed. */
interface Run {
  replyId: string | null;
  started: boolean;
  streamed: string;
  stopAsked: boolean;
  /** Closes the stream here (leaving the page, or Stop when the server cannot be asked). */
  abort: AbortController;
  /** Asks the server to stop the reply (once its id is known). */
  askStop: () => void;
  dispose: () => void;
}

function startRun(replyId: string | null): Run {
  const abort = new AbortController();
  let fallback: number | undefined;
  const run: Run = {
    ...{ replyId, started: false, streamed: '', stopAsked: false, abort },
    // The stream ends with the words so far, saved as incomplete; if the server cannot be asked, stop reading.
    askStop: () => {
      fallback = window.setTimeout(() => abort.abort(), STOP_FALLBACK_MS);
      stopReply(run.replyId!).catch(() => abort.abort());
    },
    dispose: () => window.clearTimeout(fallback),
  };
  return run;
}

/** Stop: the server stops the reply (wherever it is written), and the stream ends with what was written. */
function pressStop(run: Run | null) {
  if (!run || run.stopAsked) return;
  run.stopAsked = true;
  if (run.started) run.askStop();
}

/** The stream's events as cache writes and on-screen progress; `run` collects what a stop keeps. */
function replyHandlers(
  convId: string,
  last: { accepted: boolean },
  run: Run,
  setStreaming: Dispatch<SetStateAction<Streaming | null>>,
): ReplyHandlers {
  return {
    onSpeaker: (speaker) => setStreaming((s) => (s ? { ...s, speaker } : s)),
    onStart: (e) => {
      last.accepted = true;
      run.replyId = e.replyId;
      run.started = true;
      // Stop was pressed before the server named the reply: ask now.
      if (run.stopAsked) run.askStop();
      // The message just sent, with its crisis card when it brought one (the server stores the card with it).
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

/** The server's copy after a generation (saved text, swipes, cost), written over the session the page reads. */
function useResync(refetch: () => Promise<FreshSession>) {
  const latest = useRef(refetch);
  latest.current = refetch;
  return useCallback(async (): Promise<FreshSession | undefined> => {
    void queryClient.invalidateQueries({ queryKey: chatKeys.conversations() });
    // A reply came (or failed): the model's state may have changed since the page last asked.
    if (!queryClient.getQueryData<ChatStatus>(chatKeys.status())?.ready)
      void queryClient.invalidateQueries({ queryKey: chatKeys.status() });
    try {
      const fresh = await latest.current();
      // The header's coin count reads the session user: a charged or refunded reply moves it too.
      syncAccount({ coins: fresh.cost.balance });
      return fresh;
    } catch {
      return undefined; // the page keeps what it has; the next action tries again
    }
  }, []);
}

export function useReplyStream<R extends ReplyRequest>(options: ReplyStreamOptions<R>) {
  const [streaming, setStreaming] = useState<Streaming | null>(null);
  const [lastStats, setLastStats] = useState<Stats | null>(null);
  const runRef = useRef<Run | null>(null);
  const lastRequest = useRef<LastRequest<R> | null>(null);
  // Callbacks that run after awaits read the latest options, not the ones of the render that started them.
  const latest = useRef(options);
  latest.current = options;
  // Leaving the page closes the stream only: the server finishes the reply, saves it and tells the user it is there.
  useEffect(() => () => runRef.current?.abort.abort(), []);
  const resync = useResync(options.refetch);

  const generate = async (request: R): Promise<boolean> => {
    const { conversationId: convId, sessionKey, messages } = latest.current;
    if (runRef.current || !convId) return false;
    // Regenerate and continue write into the last reply; regenerate after a message left without one writes a new reply.
    const last = (queryClient.getQueryData<FreshSession>(sessionKey)?.messages ?? messages)?.at(-1);
    const target = request.messageId ?? (request.kind !== 'message' && last?.role === 'assistant' ? last.id : null);
    latest.current.clearProblem();
    const sent: LastRequest<R> = { request, accepted: false };
    lastRequest.current = sent;
    const run = (runRef.current = startRun(target));
    const { abort } = run;
    latest.current.onBegin?.();
    setStreaming({ kind: request.kind, replyId: target, text: '', queue: 0, speaker: null });
    try {
      const result = await latest.current.stream(request, convId, replyHandlers(convId, sent, run, setStreaming), abort.signal);
      setLastStats(result.stats);
      updateMessages(convId, (m) => upsertMessage(m, result.message));
      return true;
    } catch (error) {
      if (!abort.signal.aborted) {
        latest.current.explain(error);
        return sent.accepted;
      }
      // Stopped: keep what arrived on screen; the server saves it as incomplete once it has seen the stop.
      const id = run.replyId;
      if (latest.current.keepStopped && target === null && run.streamed.trim() && id) {
        updateMessages(convId, (m) => (m.some((x) => x.id === id) ? m : [...m, partialReply(id, convId, run.streamed)]));
      }
      return true;
    } finally {
      runRef.current = null;
      run.dispose();
      setStreaming(null);
      if (abort.signal.aborted) window.setTimeout(() => void resync(), 1000);
      else await resync();
    }
  };

  const stop = () => pressStop(runRef.current);

  /**
   * Tries the last request again. The message may already be saved (the server accepted it before the failure):
   * resync first, then ask for a reply to it, or send it again if it never arrived.
   */
  const retry = () => {
    const sent = lastRequest.current;
    latest.current.clearProblem();
    if (!sent) return;
    void resync().then((fresh) => {
      const { request } = sent;
      if (fresh?.messages.at(-1)?.role === 'user') void generate({ kind: 'regenerate' } as R);
      else if (request.kind === 'message' && request.content && !sent.accepted) void generate(request);
    });
  };

  return { streaming, lastStats, generate, stop, retry, resync };
}
