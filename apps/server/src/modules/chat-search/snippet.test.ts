import { describe, expect, it } from 'vitest';
import { snippet } from './snippet.ts';

const marked = (r: { snippet: string; marks: Array<[number, number]> }) => r.marks.map(([a, b]) => r.snippet.slice(a, b));

describe('search snippet', () => {
  it('shows a message as plain text: emphasis asterisks go, the marks still land on the matched words', () => {
    const r = snippet('*Bram shakes the rain off his coat.* Nets held, **barely**.', ['net']);
    expect(r.snippet).toBe('Bram shakes the rain off his coat. Nets held, barely.');
    expect(marked(r)).toEqual(['Nets']);
  });

  it('cuts a long message around the first match, at word boundaries, and marks every match', () => {
    const long = `${'calm water '.repeat(20)}the *lantern* swung; a second lantern answered ${'far away '.repeat(20)}`;
    const r = snippet(long, ['lantern']);
    expect(r.snippet.startsWith('…')).toBe(true);
    expect(r.snippet.endsWith('…')).toBe(true);
    expect(marked(r)).toEqual(['lantern', 'lantern']);
  });
});
