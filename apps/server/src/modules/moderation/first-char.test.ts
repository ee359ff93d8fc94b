import { describe, expect, it } from 'vitest';
import { loadCorpus } from './corpus/corpus.ts';
import { firstChars, requiredLiteral } from './first-char.ts';
import { ModerationPolicy, normalizeText } from './index.ts';
import { AGE_PATTERNS } from './minors.ts';
import type { Scanner } from './scan.ts';

const first = (source: string) => {
  const f = firstChars(source);
  return f && { ascii: f.ascii, others: String.fromCodePoint(...f.others) };
};

describe('firstChars', () => {
  it('reads what a match starts with through groups, optional parts and lookarounds', () => {
    expect(first('(?:a\\s+)?teen|boy')).toEqual({ ascii: true, others: '' });
    expect(first('(?=x)y|(?<=a)b|\\bfoo|a{0,2}b|(?:ab)*c|(?<n>\\d+)|[a-z0-9]+x')).toEqual({ ascii: true, others: '' });
    expect(first("дeboчk\\p{L}*|(?:is|'s)\\s+x")).toEqual({ ascii: true, others: "д'" });
  });

  it('answers undefined for whatever it cannot vouch for', () => {
    for (const source of [
      'a|',
      'a{0,2}',
      '(?:ab)*',
      '\\w+',
      'x|\\s',
      '[a-z_]',
      '[^a]',
      '[a-\\d]',
      '.a',
      '\\1',
      '_x',
      '(?i:a)',
      '\\p{L}',
      'a)',
    ]) {
      expect(firstChars(source), source).toBeUndefined();
    }
  });
});

describe('requiredLiteral', () => {
  it('finds the longest run of plain characters every match holds', () => {
    expect(requiredLiteral('\\b(?:summa|magna)?\\s*cum\\s+laude\\b')).toBe('laude');
    expect(requiredLiteral('\\bsea\\s+horses?\\b')).toBe('horse');
    expect(requiredLiteral('ab{2}cd|x')).toBeUndefined();
    for (const [source, lit] of [
      ['ab{2}cd', 'cd'],
      ['x\\u00e9yz', 'yz'],
      ['\\p{L}abc', 'abc'],
      ['[a-z]+de(?:f)?', 'de'],
      ['abc+', 'ab'],
    ]) {
      expect(requiredLiteral(source!), source).toBe(lit);
    }
    expect(requiredLiteral('\\b(?:kids|children)\\s+x')).toBeUndefined();
  });
});

describe('the \\b form of a scanner', () => {
  it('finds exactly what the plain form finds on every corpus text without "_"', () => {
    const policy = new ModerationPolicy() as unknown as { sets: Map<string, { scan: Scanner }>; minors: { lists: { scan: Scanner }[] } };
    const scanners = [
      ...[...policy.sets.values()].map((s) => s.scan),
      ...policy.minors.lists.map((l) => l.scan),
      ...AGE_PATTERNS.map((p) => p.scan),
    ].filter((s) => s.fast);
    expect(scanners.length).toBeGreaterThan(50);
    const { mustBlock, mustPass } = loadCorpus();
    const texts = [...mustBlock, ...mustPass].flatMap((i) => [...Object.values(i.fields), ...(i.history ?? [])]);
    const all = (re: RegExp, text: string) => [...text.matchAll(re)].map((m) => `${m.index}:${m[0]}`);
    for (const raw of texts) {
      const { base, leet } = normalizeText(raw);
      for (const text of [base, leet]) {
        if (text.includes('_')) continue;
        for (const s of scanners) expect(all(s.fast!, text), text).toEqual(all(s.re, text));
      }
    }
  });
});
