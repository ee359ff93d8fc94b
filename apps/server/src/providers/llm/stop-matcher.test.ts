import { describe, expect, it } from 'vitest';
import { StopMatcher } from './stop-matcher.ts';

describe('StopMatcher', () => {
  it('passes text through when nothing could start a stop sequence', () => {
    const m = new StopMatcher(['\nSam:']);
    expect(m.push('Hello there')).toBe('Hello there');
    expect(m.flush()).toBe('');
  });

  it('holds back a possible start and releases it when it turns out harmless', () => {
    const m = new StopMatcher(['\nSam:']);
    expect(m.push('Hi.\nS')).toBe('Hi.');
    expect(m.push('he waves')).toBe('\nShe waves');
    expect(m.stopped).toBe(false);
  });

  it('cuts at the earliest stop sequence across chunks and ignores later text', () => {
    const m = new StopMatcher(['<|im_end|>', '\nSam:']);
    expect(m.push('Fine.\nSa')).toBe('Fine.');
    expect(m.push('m: no<|im_end|>')).toBe('');
    expect(m.stopped).toBe(true);
    expect(m.push('more')).toBe('');
    expect(m.flush()).toBe('');
  });

  it('returns held text at the end of a stream', () => {
    const m = new StopMatcher(['<|im_end|>']);
    expect(m.push('ok <|im')).toBe('ok ');
    expect(m.flush()).toBe('<|im');
  });
});
