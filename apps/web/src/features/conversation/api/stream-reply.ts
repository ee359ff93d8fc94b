import type { api, EndpointEvent } from '@reverie/shared';

export type ReplyKind = 'message' | 'regenerate' | 'continue';

/** The generation endpoints (one-to-one and group) share one set of events (`ChatStreamEvents`). */
type ChatStreamEvent = EndpointEvent<typeof api.chat.send>;
type DataOf<K extends ChatStreamEvent['event']> = Extract<ChatStreamEvent, { event: K }>['data'];

export interface StreamHandlers {
  onStart?: (e: DataOf<'start'>) => void;
  onQueue?: (position: number) => void;
  onToken?: (text: string) => void;
}

export type StreamResult = DataOf<'done'>;

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
 * Reads a reply's events into `handlers` until `done` (its result) or `error` (a StreamError); a stream that ends
 * without either lost its connection. `other` takes the events of an endpoint beyond the chat's own (a group's
 * `speaker`) and answers whether it did.
 */
export async function followReply<E extends { event: string }>(
  read: (onEvent: (e: E) => void) => Promise<void>,
  handlers: StreamHandlers,
  signal: AbortSignal,
  other?: (e: E) => boolean,
): Promise<StreamResult> {
  let result: StreamResult | undefined;
  let failure: StreamError | undefined;
  try {
    await read((event) => {
      if (other?.(event)) return;
      const e = event as unknown as ChatStreamEvent;
      if (e.event === 'start') handlers.onStart?.(e.data);
      else if (e.event === 'queue') handlers.onQueue?.(e.data.position);
      else if (e.event === 'token') handlers.onToken?.(e.data.text);
      else if (e.event === 'done') result = e.data;
      else failure = new StreamError(e.data.code, e.data.message);
    });
  } catch (err) {
    if (signal.aborted) throw err;
    throw new ConnectionLostError();
  }
  if (failure) throw failure;
  if (!result) throw new ConnectionLostError();
  return result;
}
