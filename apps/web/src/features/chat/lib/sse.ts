// A minimal server-sent events parser for fetch() bodies (EventSource cannot POST or send a bearer token).
export interface SseMessage {
  event: string;
  data: string;
}

/** Feeds text chunks; calls `onMessage` for every complete event (comments and heartbeats are skipped). */
export class SseParser {
  private buffer = '';

  constructor(private readonly onMessage: (m: SseMessage) => void) {}

  push(chunk: string): void {
    this.buffer += chunk.replace(/\r\n?/g, '\n');
    let end: number;
    while ((end = this.buffer.indexOf('\n\n')) >= 0) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
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
      if (data.length) this.onMessage({ event, data: data.join('\n') });
    }
  }
}
