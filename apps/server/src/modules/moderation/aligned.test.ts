import { describe, expect, it } from 'vitest';
import { alignedNormalize, maySpace, SPACED } from './aligned.ts';
import { loadCorpus } from './corpus/corpus.ts';
import { eachMatch } from './scan.ts';

const spacedIn = (text: string) => {
  let found = false;
  eachMatch(SPACED, text, () => {
    found = true;
    return false;
  });
  return found;
};

describe('maySpace', () => {
  it('answers true wherever SPACED matches (corpus texts, and random strings of letters, separators and others)', () => {
    const { mustBlock, mustPass } = loadCorpus();
    const texts = [...mustBlock, ...mustPass].flatMap((item) => Object.values(item.fields).map((t) => alignedNormalize(t).text));
    const alphabet = ['a', 'b', 'é', 'т', '中', '7', '½', "'", ' ', '.', '-', '_', '*', '|', '/', '\\', '~', '+', ',', '\n', '😀', '𝒶'];
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 20_000; i++)
      texts.push(Array.from({ length: 3 + Math.floor(random() * 12) }, () => alphabet[Math.floor(random() * alphabet.length)]).join(''));
    let matched = 0;
    for (const text of texts) {
      if (!spacedIn(text)) continue;
      matched++;
      expect(maySpace(text), text).toBe(true);
    }
    expect(matched).toBeGreaterThan(100);
    // And it does rule out ordinary text.
    expect(maySpace('aria — childhood (age 7): a curious girl who collects river stones.')).toBe(false);
    expect(maySpace('she is a t e e n')).toBe(true);
  });
});
