import { describe, expect, it } from 'vitest';
import { parseSse, SseParser, type SseMessage } from './sse.ts';

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

  it('reads a CRLF line break split between two chunks as one break', () => {
    const got: SseMessage[] = [];
    const p = new SseParser((m) => got.push(m));
    p.push('event: token\r');
    p.push('\ndata: {"text":"a"}\r');
    p.push('\n\r');
    p.push('\nevent: done\rdata: {}\r\r\n');
    expect(got).toEqual([
      { event: 'token', data: '{"text":"a"}' },
      { event: 'done', data: '{}' },
    ]);
  });

  it('keeps an unfinished event until its blank line, and skips blocks without data', () => {
    expect(parseSse('event: ping\n\nevent: job\ndata: {"a":1}\n\nevent: job\ndata: {"a":2}')).toEqual([{ event: 'job', data: '{"a":1}' }]);
  });
});
