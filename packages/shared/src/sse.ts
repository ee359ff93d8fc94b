// The one server-sent events parser, for fetch() bodies (EventSource cannot POST or send a bearer token): the web's
// chat and notification streams and the server's contract tests read events with it. Zod-free on purpose.
export interface SseMessage {
  event: string;
  data: string;
}

/** Feeds text chunks; calls `onMessage` for every complete event (comments and heartbeats are skipped). */
export class SseParser {
  private buffer = '';
  /** A chunk ended in "\r": whether a "\n" follows decides if it was one line break or two. */
  private pendingCr = false;

  constructor(private readonly onMessage: (m: SseMessage) => void) {}

  push(chunk: string): void {
    let text = this.pendingCr ? `\r${chunk}` : chunk;
    this.pendingCr = text.endsWith('\r');
    if (this.pendingCr) text = text.slice(0, -1);
    this.buffer += text.replace(/\r\n?/g, '\n');
    let end: number;
    while ((end = this.buffer.indexOf('\n\n')) >= 0) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      const message = parseBlock(block);
      if (message) this.onMessage(message);
    }
  }
}

function parseBlock(block: string): SseMessage | null {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (!line || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  return data.length ? { event, data: data.join('\n') } : null;
}

/** Every complete event of a whole body (a test's `inject` answer). */
export function parseSse(body: string): SseMessage[] {
  const messages: SseMessage[] = [];
  new SseParser((m) => messages.push(m)).push(body);
  return messages;
}
