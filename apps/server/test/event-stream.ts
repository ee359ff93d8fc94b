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

export async function openEventStream(url: string, token: string): Promise<EventStreamClient> {
  const abort = new AbortController();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' }, signal: abort.signal });
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
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          let event = 'message';
          let data = '';
          for (const line of block.split('\n')) {
            if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data += line.slice(6);
          }
          if (data) push({ event, data: JSON.parse(data) as Record<string, unknown> });
        }
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
