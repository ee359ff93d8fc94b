import type { EndpointEvent } from '@reverie/shared';
// The stream decodes each event by its schema, so it takes the descriptors themselves, not their routes.
import { groupsEndpoints } from '@reverie/shared/api/groups';
import { openEventStream, readEventStream } from '@/lib/event-stream';
import { followReply, type ReplyHandlers, type StreamResult } from '@/features/conversation';

export type GroupReplyKind = 'message' | 'speak' | 'regenerate' | 'continue';

const endpoints = {
  message: groupsEndpoints.send,
  speak: groupsEndpoints.speak,
  regenerate: groupsEndpoints.regenerate,
  continue: groupsEndpoints.continue,
} as const;

type GroupStreamEvent = EndpointEvent<typeof groupsEndpoints.send>;

/** What a group reply sends: the message, or whom to let speak (none: the group's turn order picks). */
export interface GroupReplyBody {
  content?: string;
  speakerId?: string;
  characterId?: string;
}

/**
 * A group reply as server-sent events (speaker, start, queue, token…, done | error), like a one-to-one reply
 * (features/chat/api/stream-chat-reply.ts). Errors before the stream (402, 409, 422, 429…) reject with ApiError.
 */
export async function streamGroupReply(
  id: string,
  kind: GroupReplyKind,
  body: GroupReplyBody,
  handlers: ReplyHandlers,
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
