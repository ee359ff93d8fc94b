import { describe, expect, it } from 'vitest';
import { applyMacros, macroParts } from './macros.ts';

describe('card macros', () => {
  const names = { char: 'Aster', user: 'luna' };

  it('fills {{char}} and {{user}} in any case and spacing, and the old <BOT>/<USER> forms', () => {
    expect(applyMacros('{{char}} waves at {{USER}}. { {user} } <BOT> sees <USER>, {{ user }}', names)).toBe(
      'Aster waves at luna. { {user} } Aster sees luna, luna',
    );
  });

  it('takes names literally ($ patterns are not replacement syntax)', () => {
    expect(applyMacros('Hi {{user}}', { char: 'A', user: "$&$1$'" })).toBe("Hi $&$1$'");
  });

  it('splits the text where {{user}} stands, {{char}} filled in', () => {
    expect(macroParts('{{user}} meets {{char}}; {{char}} greets {{user}}!', names)).toEqual([
      { text: 'luna', user: true },
      { text: ' meets Aster; Aster greets ', user: false },
      { text: 'luna', user: true },
      { text: '!', user: false },
    ]);
    expect(macroParts('No names here', names)).toEqual([{ text: 'No names here', user: false }]);
  });
});
