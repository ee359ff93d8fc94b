import { describe, expect, it } from 'vitest';
import { SseParser, type SseMessage } from './sse';

describe('SseParser', () => {
  it('parses events split across chunks, skips heartbeats, joins multi-line data', () => {
    const got: SseMessage[] = [];
    const p = new SseParser((m) => got.push(m));
    p.push('event: start\ndata: {"replyId":"r1"}\n\n: keep-alive\n\nevent: tok');
    p.push('en\ndata: {"text":"Hel');
    p.push('lo"}\n\r\n');
    p.push('data: line one\ndata: line two\n\n');
    expect(got).toEqual([
      { event: 'start', data: '{"replyId":"r1"}' },
      { event: 'token', data: '{"text":"Hello"}' },
      { event: 'message', data: 'line one\nline two' },
    ]);
  });
});
