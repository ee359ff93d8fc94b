import { api, type EndpointEvent, type GroupSpeaker } from '@reverie/shared';
import { openEventStream, readEventStream } from '@/lib/event-stream';
import { followReply, type StreamHandlers, type StreamResult } from '@/features/conversation/api/stream-reply';

export type GroupReplyKind = 'message' | 'speak' | 'regenerate' | 'continue';

const endpoints = {
  message: api.groups.send,
  speak: api.groups.speak,
  regenerate: api.groups.regenerate,
  continue: api.groups.continue,
} as const;

type GroupStreamEvent = EndpointEvent<typeof api.groups.send>;

export interface GroupStreamHandlers extends StreamHandlers {
  /** Who writes the reply: the stream's first event. */
  onSpeaker?: (speaker: GroupSpeaker) => void;
}

/**
 * A group reply as server-sent events (speaker, start, queue, token…, done | error), like a one-to-one reply
 * (features/chat/api/stream-reply.ts). Errors before the stream (402, 409, 422, 429…) reject with ApiError.
 */
export async function streamGroupReply(
  id: string,
  kind: GroupReplyKind,
  body: { content?: string; speakerId?: string; characterId?: string },
  handlers: GroupStreamHandlers,
  signal: AbortSignal,
): Promise<StreamResult> {
  const endpoint = endpoints[kind];
  const withBody = kind === 'message' || kind === 'speak';
  const stream = await openEventStream(endpoint, { params: { id }, body: withBody ? (body as { content: string }) : undefined, signal });
  return followReply(
    (onEvent: (e: GroupStreamEvent) => void) => readEventStream(endpoint, stream, onEvent),
    handlers,
    signal,
    (e) => {
      if (e.event !== 'speaker') return false;
      handlers.onSpeaker?.(e.data);
      return true;
    },
  );
}
