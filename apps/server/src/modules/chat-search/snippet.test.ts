import { describe, expect, it } from 'vitest';
import { snippet, snippets } from './snippet.ts';

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

  it('collapses whitespace runs with the marks moved along, and marks a typo like the database does', () => {
    const r = snippet('The  lanterns\n\n   glow;   a lantrn  answers.', ['lantern']);
    expect(r.snippet).toBe('The lanterns glow; a lantrn answers.');
    expect(marked(r)).toEqual(['lanterns', 'lantrn']);
  });

  it('gives the same snippets when one matcher serves a whole page of messages', () => {
    const messages = ['A lantern swung.', 'No light   here, only a  LANTERN.', 'Lanterns, lantrn and lattice.', 'Nothing at all.'];
    const page = snippets(['lantern', 'light']);
    expect(messages.map(page)).toEqual(messages.map((m) => snippet(m, ['lantern', 'light'])));
    expect(marked(page(messages[1]!))).toEqual(['light', 'LANTERN']);
    expect(marked(page(messages[2]!))).toEqual(['Lanterns', 'lantrn']);
  });
});
