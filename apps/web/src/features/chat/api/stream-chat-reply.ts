// The one-to-one chat's stream function, given to the conversation kit's reply stream (useChatReply).
// The stream decodes each event by its schema, so it takes the descriptors themselves, not their routes.
import { chatEndpoints } from '@reverie/shared/api/chat';
import { openEventStream, readEventStream } from '@/lib/event-stream';
import { followReply, type ReplyKind, type StreamHandlers, type StreamResult } from '@/features/conversation';

/** The three generation endpoints share one set of events (`ChatStreamEvents`). */
const endpoints = { message: chatEndpoints.send, regenerate: chatEndpoints.regenerate, continue: chatEndpoints.continue } as const;

/**
 * A reply (send, regenerate or continue) as server-sent events, token by token. Errors before the stream (402, 403,
 * 422, 429, 503…) reject with ApiError, like any request. Aborting the signal stops the generation on the server.
 */
export async function streamReply(
  characterId: string,
  kind: ReplyKind,
  body: { content?: string; conversationId?: string; messageId?: string },
  handlers: StreamHandlers,
  signal: AbortSignal,
): Promise<StreamResult> {
  const endpoint = endpoints[kind];
  const stream = await openEventStream(endpoint, { params: { characterId }, body: body as { content: string }, signal });
  return followReply((onEvent) => readEventStream(endpoint, stream, onEvent), handlers, signal);
}
