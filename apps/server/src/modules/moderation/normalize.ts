/**
 * Text normalisation for the blocked-content check. Two aligned forms are produced:
 * - `base`: lowercase, NFKC, no diacritics, no invisible characters, look-alike letters folded to Latin, letters
 *   that were spaced out ("l o l i", "s.h.o.t.a") joined. Digits are kept (ages, grades).
 * - `leet` (and `leetL`): `base` with leetspeak undone character for character, so positions line up with `base`.
 *   `1` reads as `i` in `leet` and as `l` in `leetL`.
 */

// Zero-width, joiners, bidi controls, soft hyphen, variation selectors, Hangul fillers, tag characters.
export const INVISIBLE =
  /[\u00AD\u061C\u115F\u1160\u180E\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFEFF\uFFA0]|\u034F|\u17B4|\u17B5|\u180B|\u180C|\u180D|\u180F|[\uFE00-\uFE0F]|\uDB40[\uDC00-\uDDEF]/g;
export const COMBINING = /\p{M}+/gu;

// Letters from other scripts that look like Latin letters (after lowercasing).
export const HOMOGLYPHS: Record<string, string> = {
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ѕ: 's',
  і: 'i',
  ї: 'i',
  ј: 'j',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  ѡ: 'w',
  ɡ: 'g',
  ɩ: 'i',
  ɪ: 'i',
  ʟ: 'l',
  ᴏ: 'o',
  ι: 'i',
  ο: 'o',
  α: 'a',
  ε: 'e',
  κ: 'k',
  ν: 'v',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ω: 'w',
  γ: 'y',
  η: 'n',
  ı: 'i',
  ł: 'l',
  ø: 'o',
  đ: 'd',
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  þ: 'th',
  '\u2018': "'",
  '\u2019': "'",
  '\u02BC': "'",
  '\u2032': "'",
  '`': "'",
};
export const HOMOGLYPH_RE = new RegExp(`[${Object.keys(HOMOGLYPHS).join('')}]`, 'g');

// Three or more single letters/digits split by separators: "l o l i", "s.h.o.t.a", "l-0-l-i".
export const SPACED_LETTERS = /(?<![\p{L}\p{N}'])(?:[\p{L}\p{N}][ ._\-*~+|/\\]{1,3}){2,}[\p{L}\p{N}](?![\p{L}\p{N}])/gu;
// The same for text whose letters and digits are all ASCII (most English replies): the Unicode classes and lookbehind
// cost ~17x more per character, and with no other letters or digits present both forms match exactly the same.
const SPACED_LETTERS_ASCII = /(?<![A-Za-z0-9'])(?:[A-Za-z0-9][ ._\-*~+|/\\]{1,3}){2,}[A-Za-z0-9](?![A-Za-z0-9])/g;
export const SEPARATORS = /[ ._\-*~+|/\\]/g;
const HORIZONTAL_SPACE = /[^\S\n]+/g;

const LEET_DIGITS: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '8': 'b', '9': 'g' };
const LEET_SYMBOLS: Record<string, string> = { '@': 'a', $: 's', '!': 'i', '|': 'l', '€': 'e', '+': 't' };
const LEET_RUN = /[\p{L}\d@$!|€+]+/gu;
const LEET_RUN_ASCII = /[A-Za-z\d@$!|€+]+/g;
const LEET_CHAR = /[\d@$!|€+]/;
// A leet character next to a letter ("l0li", "s3x", "@ss"): without one there is nothing to undo.
const LEET_MIXED = /\p{L}[\d@$!|€+]|[\d@$!|€+]\p{L}/u;
// Anything outside printable ASCII (control characters are tested too, and are neither letters nor digits).
const NON_ASCII = /[^ -~]/gu;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** Whether every letter and digit of `s` is ASCII (other characters, such as curly quotes and dashes, may not be). */
export function asciiLettersOnly(s: string): boolean {
  NON_ASCII.lastIndex = 0;
  for (let m = NON_ASCII.exec(s); m; m = NON_ASCII.exec(s)) if (LETTER_OR_DIGIT.test(m[0])) return false;
  return true;
}
const HAS_LETTER = /\p{L}/u;

export interface NormalizedText {
  base: string;
  leet: string;
  /** Same as `leet` but with `1` read as `l`; identical to `leet` when the text has no `1`. */
  leetL: string;
}

export function normalizeBase(text: string): string {
  let s = text.replace(INVISIBLE, '').normalize('NFKC').toLowerCase().normalize('NFD').replace(COMBINING, '');
  s = s.replace(HOMOGLYPH_RE, (c) => HOMOGLYPHS[c] ?? c);
  s = s.replace(/\by\.\s?o\.?(?![a-z])/g, 'yo');
  s = s.replace(asciiLettersOnly(s) ? SPACED_LETTERS_ASCII : SPACED_LETTERS, (m) => {
    // "with a k i d": a leading "a" or "i" is usually a word of its own.
    const lead = /^[ai][ ._\-*~+|/\\]+(?=(?:[\p{L}\p{N}][ ._\-*~+|/\\]+){2,}[\p{L}\p{N}]$)/u.exec(m);
    return lead ? `${m[0]} ${m.slice(lead[0].length).replace(SEPARATORS, '')}` : m.replace(SEPARATORS, '');
  });
  return s.replace(HORIZONTAL_SPACE, ' ');
}

export function undoLeet(base: string, one: 'i' | 'l', ascii: boolean): string {
  // Nothing to undo without a single leet character (most text): the same string, without a pass per word.
  if (!LEET_CHAR.test(base) || !LEET_MIXED.test(base)) return base;
  return base.replace(ascii ? LEET_RUN_ASCII : LEET_RUN, (run) => {
    if (!LEET_CHAR.test(run) || !HAS_LETTER.test(run)) return run;
    let out = '';
    for (let i = 0; i < run.length; i++) {
      const c = run[i]!;
      const digit = LEET_DIGITS[c];
      if (digit !== undefined) out += c === '1' ? one : digit;
      // A symbol only stands for a letter inside a word: "sex!" stays a sentence end.
      else if (LEET_SYMBOLS[c] !== undefined && i < run.length - 1) out += LEET_SYMBOLS[c];
      else out += c;
    }
    return out;
  });
}

export function normalizeText(text: string): NormalizedText {
  const base = normalizeBase(text);
  const ascii = asciiLettersOnly(base);
  const leet = undoLeet(base, 'i', ascii);
  return { base, leet, leetL: base.includes('1') ? undoLeet(base, 'l', ascii) : leet };
}
