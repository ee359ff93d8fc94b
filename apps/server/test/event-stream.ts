// A server-sent events client for tests: connects with a bearer token, parses events as they arrive and waits for
// the one a test expects.
export interface StreamEvent {
  event: string;
  data: Record<string, unknown>;
}

export interface EventStreamClient {
  status: number;
  events: StreamEvent[];
  /** Resolves with the first event (already received or coming) that matches; rejects after `timeoutMs`. */
  next(match: (e: StreamEvent) => boolean, timeoutMs?: number): Promise<StreamEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** The complete events at the start of `buffer` (blocks ending in a blank line), and what is left after them. */
export function takeEvents(buffer: string): { events: StreamEvent[]; rest: string } {
  const events: StreamEvent[] = [];
  let rest = buffer;
  let end: number;
  while ((end = rest.indexOf('\n\n')) >= 0) {
    const block = rest.slice(0, end);
    rest = rest.slice(end + 2);
    let event = 'message';
    let data = '';
    for (const line of block.split('\n')) {
      if (line.startsWith('event: ')) event = line.slice(7);
      else if (line.startsWith('data: ')) data += line.slice(6);
    }
    if (data) events.push({ event, data: JSON.parse(data) as Record<string, unknown> });
  }
  return { events, rest };
}

/** GET `url` as a stream; with `post`, POSTs it as JSON (a reply's stream: send, regenerate…). */
export async function openEventStream(url: string, token: string, post?: unknown): Promise<EventStreamClient> {
  const abort = new AbortController();
  const headers = { authorization: `Bearer ${token}`, accept: 'text/event-stream' };
  const res = await fetch(url, {
    signal: abort.signal,
    ...(post === undefined
      ? { headers }
      : { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(post) }),
  });
  const events: StreamEvent[] = [];
  const waiters: Array<{ match: (e: StreamEvent) => boolean; resolve: (e: StreamEvent) => void }> = [];
  const push = (e: StreamEvent) => {
    events.push(e);
    for (const w of [...waiters]) {
      if (w.match(e)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(e);
      }
    }
  };
  const ended = (async () => {
    if (!res.body) return;
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        const parsed = takeEvents(buffer + decoder.decode(value, { stream: true }));
        buffer = parsed.rest;
        for (const e of parsed.events) push(e);
      }
    } catch {
      // aborted by close()
    }
  })();
  return {
    status: res.status,
    events,
    ended,
    next(match, timeoutMs = 5000) {
      const hit = events.find(match);
      if (hit) return Promise.resolve(hit);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`)),
          timeoutMs,
        );
        waiters.push({
          match,
          resolve: (e) => {
            clearTimeout(timer);
            resolve(e);
          },
        });
      });
    },
    close: () => abort.abort(),
  };
}
