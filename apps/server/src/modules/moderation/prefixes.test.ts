import { describe, expect, it } from 'vitest';
import { foldSource } from './aligned.ts';
import { loadCorpus } from './corpus/corpus.ts';
import { normalizeText } from './index.ts';
import { LIFE_STAGE_STRONG, SEXUAL_EXPLICIT_INTL } from './minors-terms.ts';
import { literalStarts } from './prefixes.ts';
import { eachMatch, scanner, WORD_START } from './scan.ts';

describe('literalStarts', () => {
  it('reads the strings every match starts with (any white space written " ")', () => {
    const cases: [string, string[]][] = [
      ['(?:a|b)c?d', ['ad', 'acd', 'bd', 'bcd']],
      ['(?:sex|fuck\\w*)(?![\\p{L}\\p{N}])', ['sex', 'fuck']],
      ['pre-?teens?', ['prete', 'pre-t']],
      ['a\\s+b', ['a b', 'a  b', 'a   b', 'a    ']],
      ['(?=ab)c', ['c']],
      ['(?:ab)*c', ['c', 'ab']],
      ['[\\s-]?x', ['x', ' x', '-x']],
      ['中学生|ロリ', ['中学生', 'ロリ']],
    ];
    for (const [source, starts] of cases) expect(literalStarts(source), source).toEqual(starts);
  });

  it('answers undefined when a match may start with a character it does not enumerate', () => {
    for (const source of ['ab|\\p{L}c', '.x', '[^a]b', 'a?', '\\k<n>', '[a-z]+is']) expect(literalStarts(source), source).toBeUndefined();
  });

  it('an indexed scanner finds what the plain Unicode regex finds, on every corpus text', () => {
    const sources = [LIFE_STAGE_STRONG, SEXUAL_EXPLICIT_INTL].map(
      (list) => `${WORD_START}(?:${list.map((s) => `(?:${foldSource(s)})`).join('|')})(?![\\p{L}\\p{N}])`,
    );
    const { mustBlock, mustPass } = loadCorpus();
    for (const source of sources) {
      const indexed = scanner(source, 'gu', true);
      expect(indexed.starts).toBeGreaterThanOrEqual(0);
      const plain = new RegExp(source, 'gu');
      for (const item of [...mustBlock, ...mustPass]) {
        for (const raw of [...Object.values(item.fields), ...(item.history ?? [])]) {
          const { base, leet } = normalizeText(raw);
          for (const text of [base, leet, `${base}\n\t${leet}`]) {
            const found: string[] = [];
            eachMatch(indexed, text, (m) => {
              found.push(`${m.index}:${m[0]}`);
            });
            expect(found, text).toEqual([...text.matchAll(plain)].map((m) => `${m.index}:${m[0]}`));
          }
        }
      }
    }
  });
});
