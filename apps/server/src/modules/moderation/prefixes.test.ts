import { describe, expect, it } from 'vitest';
import { foldSource } from './aligned.ts';
import { loadCorpus } from './corpus/corpus.ts';
import { CRISIS_LANGUAGES } from './crisis.ts';
import { CRISIS_TERMS } from './crisis-terms.ts';
import { loadCrisisCorpus } from '../../../test/crisis-corpus.ts';
import { ModerationPolicy, normalizeText } from './index.ts';
import { AGE_PATTERNS } from './minor-ages.ts';
import { LIFE_STAGE_STRONG, SEXUAL_EXPLICIT_INTL } from './minors-terms.ts';
import { literalStarts } from './prefixes.ts';
import { eachMatch, nextMatchIn, scanner, startsOf, WORD_START, type Scanner } from './scan.ts';

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

  it('at a boundary: the starts of a source every match of which begins at a \\b before a word character', () => {
    expect(literalStarts('\\b(?:kill|end)\\s+me', true)).toEqual(['kill ', 'end m', 'end  ']);
    expect(literalStarts('(?<en>\\bkill\\b)|(?<de>\\bumbringen)', true)).toEqual(['kill', 'umbri']);
    // Some match may begin elsewhere, or after a \b that needs a word character before it.
    for (const source of ['\\bkill|end', '(?:\\bkill)?me', "\\b'tis", 'x\\bkill', '\\Bkill'])
      expect(literalStarts(source, true), source).toBeUndefined();
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

  it('scanners indexed by their starts at a \\b (crisis layers, neutralising phrases) find what their plain regexes find', () => {
    const { mustBlock, mustPass } = loadCorpus();
    const { trigger, calm } = loadCrisisCorpus();
    const texts = [
      ...[...mustBlock, ...mustPass].flatMap((item) => Object.values(item.fields)),
      ...[...trigger, ...calm].map((i) => i.text),
    ];
    const crisis = (['intent', 'hint', 'figurative'] as const).map((layer) =>
      scanner(CRISIS_LANGUAGES.map((lang) => `(?<${lang}>${CRISIS_TERMS[lang][layer].join('|')})`).join('|'), 'gu', true),
    );
    const policy = new ModerationPolicy() as unknown as {
      sets: Map<string, { unless: Scanner[] }>;
      minors: { lists: { unless?: Scanner[] }[] };
    };
    const unless = [...[...policy.sets.values()].flatMap((s) => s.unless), ...policy.minors.lists.flatMap((l) => l.unless ?? [])];
    const indexed = [...crisis, ...unless].filter((s) => s.starts >= 0);
    expect(indexed.length).toBeGreaterThan(60);
    for (const s of indexed) {
      const plain = new RegExp(s.re.source, s.re.flags);
      for (const raw of texts) {
        for (const text of Object.values(normalizeText(raw))) {
          const found: string[] = [];
          eachMatch(s, text, (m) => void found.push(`${m.index}:${m[0]}`));
          expect(found, `${s.re.source.slice(0, 80)} on ${text}`).toEqual([...text.matchAll(plain)].map((m) => `${m.index}:${m[0]}`));
        }
      }
    }
  });

  it('the age patterns, indexed by their starts or skipped without their required characters, find what they find plainly', () => {
    const shortcut = AGE_PATTERNS.map((p) => p.scan).filter((s) => s.starts >= 0 || s.literal !== undefined);
    // "aged", "turns", "tiene", "sweet" … by their starts; "… years old" by its "old".
    expect(shortcut.length).toBeGreaterThanOrEqual(20);
    const { mustBlock, mustPass } = loadCorpus();
    const texts = [...mustBlock, ...mustPass].flatMap((item) => [...Object.values(item.fields), ...(item.history ?? [])]);
    let matched = 0;
    for (const s of shortcut) {
      const plain: Scanner = { re: new RegExp(s.re.source, s.re.flags), lead: s.lead, starts: -1 };
      for (const raw of texts) {
        for (const text of Object.values(normalizeText(raw))) {
          const found: string[] = [];
          const expected: string[] = [];
          eachMatch(s, text, (m) => void found.push(`${m.index}:${m[0]}`));
          eachMatch(plain, text, (m) => void expected.push(`${m.index}:${m[0]}`));
          expect(found, `${s.re.source.slice(0, 80)} on ${text}`).toEqual(expected);
          matched += found.length;
        }
      }
    }
    // The corpus holds ages these patterns find: the comparison is not between two empty lists.
    expect(matched).toBeGreaterThan(20);
  });

  it('nextMatchIn on a window, given the starts of the whole text, finds what the plain regex finds in the window', () => {
    const indexed = AGE_PATTERNS.map((p) => p.scan).filter((s) => s.starts >= 0);
    const { mustBlock, mustPass } = loadCorpus();
    const texts = [...mustBlock, ...mustPass].flatMap((item) => Object.values(item.fields).map((raw) => normalizeText(raw).base));
    let matched = 0;
    for (const text of texts) {
      const starts = startsOf(text);
      // Windows as readAges cuts them: from just after white space (or the start), to just before white space (or the end).
      const cuts = [0, ...[...text.matchAll(/\s/g)].map((m) => m.index + 1)];
      for (let k = 0; k < cuts.length; k += 3) {
        const from = cuts[k]!;
        const end = cuts[Math.min(cuts.length - 1, k + 9)]! - 1;
        const to = end > from ? end : text.length;
        const window = text.slice(from, to);
        for (const s of indexed) {
          const plain = new RegExp(s.re.source, s.re.flags);
          const found: string[] = [];
          s.re.lastIndex = 0;
          for (let m = nextMatchIn(s, window, starts, from); m; m = nextMatchIn(s, window, starts, from)) found.push(`${m.index}:${m[0]}`);
          expect(found, `${s.re.source.slice(0, 80)} on ${window}`).toEqual([...window.matchAll(plain)].map((m) => `${m.index}:${m[0]}`));
          matched += found.length;
        }
      }
    }
    expect(matched).toBeGreaterThan(20);
  });
});
