import type { ChatMessage } from '@reverie/shared';
import { API_BASE, ApiError, freshAccessToken } from '@/lib/api-client';
import { SseParser } from '../lib/sse';

export type ReplyKind = 'message' | 'regenerate' | 'continue';

export interface StreamHandlers {
  onStart?: (e: { userMessage: ChatMessage | null; replyId: string }) => void;
  onQueue?: (position: number) => void;
  onToken?: (text: string) => void;
}

export interface StreamResult {
  message: ChatMessage;
  stats: { tokens: number; ms: number };
}

/** The stream ended with an `error` event: the reply was kept as incomplete (or nothing was saved) and refunded. */
export class StreamError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'StreamError';
  }
}

/** The connection dropped before the server said done or error (network, server restart). */
export class ConnectionLostError extends Error {
  constructor() {
    super('The connection was lost before the reply finished.');
    this.name = 'ConnectionLostError';
  }
}

/**
 * POST /api/chat/{characterId}/message | regenerate | continue with Accept: text/event-stream: the reply arrives
 * token by token. Errors before the stream (402, 403, 422, 429, 503…) reject with ApiError, like any request.
 * Aborting the signal stops the generation on the server.
 */
export async function streamReply(
  characterId: string,
  kind: ReplyKind,
  body: { content?: string; conversationId?: string },
  handlers: StreamHandlers,
  signal: AbortSignal,
): Promise<StreamResult> {
  const token = await freshAccessToken();
  const res = await fetch(`${API_BASE}/api/chat/${encodeURIComponent(characterId)}/${kind}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
    signal,
  });
  if (!res.ok || !res.body) throw new ApiError(res.status, res.statusText, await res.text().catch(() => ''));
  let result: StreamResult | undefined;
  let failure: StreamError | undefined;
  const parser = new SseParser(({ event, data }) => {
    const payload = JSON.parse(data) as Record<string, unknown>;
    if (event === 'start') handlers.onStart?.(payload as { userMessage: ChatMessage | null; replyId: string });
    else if (event === 'queue') handlers.onQueue?.(payload.position as number);
    else if (event === 'token') handlers.onToken?.(payload.text as string);
    else if (event === 'done') result = payload as unknown as StreamResult;
    else if (event === 'error') failure = new StreamError(String(payload.code), String(payload.message));
  });
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.push(value);
    }
  } catch (err) {
    if (signal.aborted) throw err;
    throw new ConnectionLostError();
  }
  if (failure) throw failure;
  if (!result) throw new ConnectionLostError();
  return result;
}
