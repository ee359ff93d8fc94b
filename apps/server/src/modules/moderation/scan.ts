/**
 * Regular expressions of the policy, compiled once, with their leading word boundary split in two.
 *
 * Why: a leading Unicode lookbehind (`(?<![\p{L}\p{N}])`) is tested at every position, and on a text with any
 * character beyond Latin-1 (Cyrillic, Japanese, emoji) V8 looks `\p{L}` up in hundreds of ranges each time: ~7x
 * slower. The regex keeps a cheap lookbehind over the common letters (a few ranges: it still skips the inside of most
 * words) and the exact test runs here, only on its matches. Same matches as the Unicode lookbehind, by construction:
 * the cheap class is a subset of `[\p{L}\p{N}]`.
 */
import { isWhiteSpace, registerStarts, startsOf } from './start-index.ts';

export { startsOf };
import { requiredLiteral } from './required-literal.ts';

/** No letter or digit just before the match. */
export const WORD_START = '(?<![\\p{L}\\p{N}])';
/** No letter, digit or apostrophe just before (spaced-out letters: "l o l i", not "don't a b c"). */
export const WORD_OR_APOSTROPHE_START = "(?<![\\p{L}\\p{N}'])";
/** No letter or digit just before, and not the decimals of a number ("1.5", "3,14"). */
export const NUMBER_START = '(?<![\\p{L}\\p{N}]|\\d[.,])';

type Lead = 'none' | 'word' | 'apostrophe' | 'number';

export interface Scanner {
  re: RegExp;
  lead: Lead;
  /** Its number among the scanners with literal starts (prefixes.ts), -1 when it has none. */
  starts: number;
  sticky?: RegExp;
  /** Characters every match holds as written (required-literal.ts), for a scanner without starts: none, no match. */
  literal?: string;
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
// Letters and digits only (ASCII, Latin-1 and Latin Extended, Cyrillic, kana, common kanji): a subset of [\p{L}\p{N}].
const COMMON_LETTERS =
  '[0-9A-Za-z\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u024F\\u0400-\\u0481\\u048A-\\u04FF\\u3041-\\u3096\\u30A1-\\u30FA\\u4E00-\\u9FFF]';

/**
 * Compiles `source` (global; `u` unless told); a leading WORD_START or NUMBER_START is checked in code instead.
 * `indexed`: its literal starts are looked up in every text it is run on (see below), which pays for a scanner run
 * on whole texts, with many others, most of which find nothing.
 */
export function scanner(source: string, flags = 'gu', indexed = false): Scanner {
  let lead: Lead = 'none';
  let rest = source;
  let guard = '';
  if (source.startsWith(WORD_START)) {
    lead = 'word';
    rest = source.slice(WORD_START.length);
    guard = `(?<!${COMMON_LETTERS})`;
  } else if (source.startsWith(WORD_OR_APOSTROPHE_START)) {
    lead = 'apostrophe';
    rest = source.slice(WORD_OR_APOSTROPHE_START.length);
    guard = `(?<!${COMMON_LETTERS}|')`;
  } else if (source.startsWith(NUMBER_START)) {
    lead = 'number';
    rest = source.slice(NUMBER_START.length);
    guard = `(?<!${COMMON_LETTERS}|\\d[.,])`;
  }
  const re = new RegExp(guard + rest, flags.includes('g') ? flags : `${flags}g`);
  const starts = indexed && re.unicode && !re.ignoreCase ? registerStarts(rest, lead !== 'none') : -1;
  // Indexed: the source without its lead, run only where one of its starts stands (the lead tested in code).
  if (starts >= 0) return { re, lead, starts, sticky: new RegExp(rest, `${re.flags.replace('g', '')}y`) };
  const literal = literalOf(re);
  return literal === null ? { re, lead, starts } : { re, lead, starts, literal };
}

function letterOrDigitBefore(text: string, i: number): boolean {
  if (i === 0) return false;
  const c = text.charCodeAt(i - 1);
  if (c < 128) return (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || (c >= 65 && c <= 90);
  // A low surrogate: the code point starts one unit earlier.
  const from = c >= 0xdc00 && c <= 0xdfff && i >= 2 ? i - 2 : i - 1;
  return LETTER_OR_DIGIT.test(String.fromCodePoint(text.codePointAt(from)!));
}

function leadHolds(lead: Lead, text: string, i: number): boolean {
  if (lead === 'none') return true;
  if (letterOrDigitBefore(text, i)) return false;
  if (lead === 'apostrophe' && i >= 1 && text.charCodeAt(i - 1) === 39) return false;
  if (lead === 'number' && i >= 2) {
    const p = text.charCodeAt(i - 1);
    const d = text.charCodeAt(i - 2);
    if ((p === 46 || p === 44) && d >= 48 && d <= 57) return false;
  }
  return true;
}

/** The next match at or after `re.lastIndex` (callers set it), or null; matches every `exec` loop would see. */
export function nextMatch(s: Scanner, text: string): RegExpExecArray | null {
  const re = s.re;
  if (s.starts >= 0) return nextAtStarts(s, text);
  // A text without the characters every match holds has no match (looked at once, when a scan starts).
  if (s.literal !== undefined && re.lastIndex === 0 && !text.includes(s.literal)) return null;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    // An empty match must not stop the scan (one code point on, as matchAll does).
    if (m[0].length === 0) re.lastIndex = m.index + ((text.codePointAt(m.index) ?? 0) > 0xffff ? 2 : 1);
    if (leadHolds(s.lead, text, m.index)) return m;
    // Refused: try again one code point on, as the lookbehind would have.
    re.lastIndex = m.index + ((text.codePointAt(m.index) ?? 0) > 0xffff ? 2 : 1);
  }
  return null;
}

/**
 * nextMatch for an indexed scanner: the match at the first of its starts (start-index.ts) at or after `re.lastIndex`
 * where its lead holds and its source matches there (sticky). The same match the exec loop finds: a match can begin
 * only where one of its starts stands, and where the lead holds; the loop finds the first such place, as this does.
 */
function nextAtStarts(s: Scanner, text: string): RegExpExecArray | null {
  return nextAt(s, text, startsOf(text)[s.starts], 0);
}

/**
 * nextMatch for an indexed scanner on `part`, cut out of a text at `offset` just after white space (or at its start),
 * given the positions of the scanner's starts in the whole text (`startsOf`, once for all the parts of a text: the age
 * patterns run on windows of it). The same match as nextMatch(s, part): a start in `part` stands in the whole text at
 * the same place (a start the end of `part` cuts off only costs a try), and a lead holds at the beginning of both.
 */
export function nextMatchIn(s: Scanner, part: string, wholeStarts: (number[] | undefined)[], offset: number): RegExpExecArray | null {
  return nextAt(s, part, wholeStarts[s.starts], offset);
}

function nextAt(s: Scanner, text: string, at: number[] | undefined, offset: number): RegExpExecArray | null {
  const re = s.re;
  const from = re.lastIndex + offset;
  re.lastIndex = 0;
  if (at === undefined) return null;
  const sticky = s.sticky!;
  for (const q of at) {
    if (q < from) continue;
    const p = q - offset;
    if (p >= text.length) return null;
    if (!leadHolds(s.lead, text, p)) continue;
    sticky.lastIndex = p;
    const m = sticky.exec(text);
    if (m) {
      re.lastIndex = p + m[0].length;
      return m;
    }
  }
  return null;
}

/** Calls `fn` for every match in `text`, in order; `fn` returns false to stop. */
export function eachMatch(s: Scanner, text: string, fn: (m: RegExpExecArray) => boolean | void): void {
  s.re.lastIndex = 0;
  for (let m = nextMatch(s, text); m; m = nextMatch(s, text)) if (fn(m) === false) return;
}

const LITERALS = new WeakMap<RegExp, string | null>();

/** The run of characters every match of `re` holds (required-literal.ts), read once per regex. */
function literalOf(re: RegExp): string | null {
  let lit = LITERALS.get(re);
  if (lit === undefined) {
    // Read for `u` regexes without `i` only (the syntax and matching required-literal.ts assumes).
    try {
      lit = re.unicode && !re.ignoreCase ? (requiredLiteral(re.source) ?? null) : null;
    } catch {
      lit = null;
    }
    LITERALS.set(re, lit);
  }
  return lit;
}

/**
 * Where every match of each scanner lies in `text`, scanner by scanner, each in order: what
 * `scanners.flatMap((s) => [...text.matchAll(s.re)])` finds, with `nextMatch`. Why: matchAll copies the regex and
 * builds an iterator on every call, and the neutralising phrases are looked for in every text in which a term matched.
 * They are scanners so that one whose matches all begin at a `\b` before a word runs only where its literal starts
 * stand (start-index.ts), and one whose matches all hold some characters as written ("laude") not on a text without
 * them.
 */
export function spansOf(scanners: Scanner[], text: string): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  for (const s of scanners) {
    s.re.lastIndex = 0;
    for (let m = nextMatch(s, text); m; m = nextMatch(s, text)) out.push({ start: m.index, end: m.index + m[0].length });
  }
  return out;
}

const letterOrDigitCache = new Map<number, boolean>();

/** Whether a code point is a letter or digit (`[\p{L}\p{N}]`), ASCII without a lookup. */
export function isLetterOrDigit(cp: number): boolean {
  if (cp < 128) return (cp >= 97 && cp <= 122) || (cp >= 48 && cp <= 57) || (cp >= 65 && cp <= 90);
  let yes = letterOrDigitCache.get(cp);
  if (yes === undefined) {
    yes = LETTER_OR_DIGIT.test(String.fromCodePoint(cp));
    if (letterOrDigitCache.size < 10_000) letterOrDigitCache.set(cp, yes);
  }
  return yes;
}

/**
 * `isLetterOrDigit` per UTF-16 unit, filled in as units are met (0: not looked up yet, 1: no, 2: yes). Why: the word
 * loops (public figures) ask once per character; a typed-array read in the caller's own module is several times
 * cheaper than a call across modules and the Map lookup behind it. Readers call `learnUnit` for a 0.
 */
export const LETTER_OR_DIGIT_UNITS = new Uint8Array(0x10000);

/** Looks a UTF-16 unit up once (`isLetterOrDigit`), stores it in LETTER_OR_DIGIT_UNITS and returns it. */
export function learnUnit(c: number): boolean {
  const yes = isLetterOrDigit(c);
  LETTER_OR_DIGIT_UNITS[c] = yes ? 2 : 1;
  return yes;
}

export { isWhiteSpace };

/**
 * Where each word starts (a run of letters, digits, `'`, `{`, `}`), in order. A loop over the text rather than a
 * regex: one result array per word was most of what a check allocated (and so of its garbage collections).
 */
export function wordStarts(text: string): number[] {
  const starts: number[] = [];
  let inWord = false;
  for (let i = 0; i < text.length;) {
    const cp = text.codePointAt(i)!;
    const word = cp === 39 || cp === 123 || cp === 125 || isLetterOrDigit(cp);
    if (word && !inWord) starts.push(i);
    inWord = word;
    i += cp > 0xffff ? 2 : 1;
  }
  return starts;
}

/** Where sentences end: a run of `.!?;。` followed by white space or the end, and every line break. */
export function sentenceEnds(text: string): number[] {
  const ends: number[] = [];
  for (let i = 0; i < text.length;) {
    const c = text.charCodeAt(i);
    if (c === 10) {
      ends.push(i);
      i++;
    } else if (c === 46 || c === 33 || c === 63 || c === 59 || c === 0x3002) {
      let j = i + 1;
      for (let d = text.charCodeAt(j); d === 46 || d === 33 || d === 63 || d === 59 || d === 0x3002; d = text.charCodeAt(++j));
      if (j === text.length || isWhiteSpace(text.charCodeAt(j))) ends.push(i);
      i = j;
    } else i++;
  }
  return ends;
}

/** Number of sorted values lower than `pos`. */
export function countBelow(sorted: number[], pos: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < pos) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
