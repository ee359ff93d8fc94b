/**
 * Pieces of the text normalisation (the pass itself is `alignedNormalize` in aligned.ts, shared by every layer):
 * look-alike letters, and leetspeak undone character for character so positions line up with the text.
 */

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

const LEET_DIGITS: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '8': 'b', '9': 'g' };
const LEET_SYMBOLS: Record<string, string> = { '@': 'a', $: 's', '!': 'i', '|': 'l', '€': 'e', '+': 't' };
const LEET_CHAR = /[\d@$!|€+]/;
const LEET_CHARS = /[\d@$!|€+]/g;
const LETTER = /\p{L}/u;

export interface NormalizedText {
  base: string;
  leet: string;
  /** Same as `leet` but with `1` read as `l`; identical to `leet` when the text has no `1`. */
  leetL: string;
}

function isLetter(cp: number): boolean {
  if (cp < 128) return (cp >= 97 && cp <= 122) || (cp >= 65 && cp <= 90);
  return LETTER.test(String.fromCodePoint(cp));
}

/** A character of a leet run: a letter, a digit or a leet symbol. */
function inRun(cp: number): boolean {
  if (cp < 128) return isLetter(cp) || (cp >= 48 && cp <= 57) || cp === 64 || cp === 36 || cp === 33 || cp === 124 || cp === 43;
  return cp === 0x20ac || isLetter(cp);
}

/** The code point that ends just before `i`, and where it starts. */
function before(s: string, i: number): [number, number] {
  const from = (s.charCodeAt(i - 1) & 0xfc00) === 0xdc00 && i >= 2 ? i - 2 : i - 1;
  return [s.codePointAt(from)!, from];
}

function undoRun(run: string, one: 'i' | 'l'): string {
  if (!LEET_CHAR.test(run) || ![...run].some((c) => isLetter(c.codePointAt(0)!))) return run;
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
}

/**
 * `base` with leetspeak undone in every run of letters, digits and leet symbols that holds both a letter and a leet
 * character ("l0li", "s3x", "@ss"); "1994" and "sex!" stay. Same length as `base`. Only the runs around the (few)
 * leet characters are visited, so a long text is not rewritten word by word.
 */
export function undoLeet(base: string, one: 'i' | 'l'): string {
  let out = '';
  let at = 0;
  LEET_CHARS.lastIndex = 0;
  for (let m = LEET_CHARS.exec(base); m; m = LEET_CHARS.exec(base)) {
    let start = m.index;
    while (start > at) {
      const [cp, from] = before(base, start);
      if (!inRun(cp)) break;
      start = from;
    }
    let end = m.index + 1;
    while (end < base.length) {
      const cp = base.codePointAt(end)!;
      if (!inRun(cp)) break;
      end += cp > 0xffff ? 2 : 1;
    }
    const run = base.slice(start, end);
    const undone = undoRun(run, one);
    if (undone !== run) out += base.slice(at, start) + undone;
    else out += base.slice(at, end);
    at = end;
    LEET_CHARS.lastIndex = end;
  }
  return at === 0 ? base : out + base.slice(at);
}
