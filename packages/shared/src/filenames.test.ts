import { describe, expect, it } from 'vitest';
import { cardFilename } from './filenames.ts';

describe('cardFilename', () => {
  it('makes a lower-case ASCII name with dashes and the extension', () => {
    expect(cardFilename('Ilse Moreau', 'png')).toBe('ilse-moreau.png');
    expect(cardFilename('  Zoë   Ça_va -- ok ', 'charx')).toBe('zoe-ca-va-ok.charx');
  });

  it('falls back to "character" when nothing usable is left, and keeps at most 60 characters', () => {
    expect(cardFilename('★★★', 'json')).toBe('character.json');
    expect(cardFilename('a'.repeat(100), 'png')).toBe(`${'a'.repeat(60)}.png`);
  });
});
