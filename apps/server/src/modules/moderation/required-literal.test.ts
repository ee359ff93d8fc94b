import { describe, expect, it } from 'vitest';
import { loadCorpus } from './corpus/corpus.ts';
import { ModerationPolicy, normalizeText } from './index.ts';
import { requiredLiteral } from './required-literal.ts';

describe('requiredLiteral', () => {
  it('finds the longest run of plain characters every match holds', () => {
    expect(requiredLiteral('\\b(?:summa|magna)?\\s*cum\\s+laude\\b')).toBe('laude');
    expect(requiredLiteral('\\bsea\\s+horses?\\b')).toBe('horse');
    const cases: [string, string][] = [
      ['ab{2}cd', 'cd'],
      ['x\\u00e9yz', 'yz'],
      ['\\p{L}abc', 'abc'],
      ['[a-z]+de(?:f)?', 'de'],
      ['abc+', 'ab'],
      ['(?<n>x)yz', 'yz'],
    ];
    for (const [source, lit] of cases) expect(requiredLiteral(source), source).toBe(lit);
  });

  it('answers undefined without such a run or with an alternation at the top level', () => {
    for (const source of ['ab{2}cd|x', '\\b(?:kids|children)\\s+x', 'a?b?', '[ab]c?']) {
      expect(requiredLiteral(source), source).toBeUndefined();
    }
  });

  it('holds for every neutralising phrase of the policy that matches a corpus text', () => {
    const policy = new ModerationPolicy() as unknown as {
      sets: Map<string, { unless: { re: RegExp }[] }>;
      minors: { lists: { unless?: { re: RegExp }[] }[] };
    };
    const regexes = [...[...policy.sets.values()].flatMap((s) => s.unless), ...policy.minors.lists.flatMap((l) => l.unless ?? [])].map(
      (s) => s.re,
    );
    const withLiteral = regexes.filter((re) => requiredLiteral(re.source) !== undefined);
    expect(withLiteral.length).toBeGreaterThan(40);
    const { mustBlock, mustPass } = loadCorpus();
    for (const item of [...mustBlock, ...mustPass]) {
      for (const raw of [...Object.values(item.fields), ...(item.history ?? [])]) {
        const { base, leet } = normalizeText(raw);
        for (const text of [base, leet]) {
          for (const re of withLiteral) {
            for (const m of text.matchAll(re)) expect(m[0], re.source).toContain(requiredLiteral(re.source));
          }
        }
      }
    }
  });
});
