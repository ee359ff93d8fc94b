/**
 * A long text judged by its parts (minors policy v3): a lorebook entry or a cast list names many characters, one per
 * line, some at several life stages. A sexual word on the line of a character who is stated adult there, with no
 * child on that line or the lines beside it, and who is not one of the characters the text shows as a child, belongs
 * to that adult: it neither makes the whole text explicit nor pairs with a child's line further away.
 *
 * Who a line is about is its leading name ("Aria — Childhood (age 7): …", "- **Queen Maelis** (adult, 41): …"). A
 * child's line without a leading name ("She is 12.") could be about anyone, so then nothing is set apart.
 */
import { foldSource, originalSpan, type AlignedText } from './aligned.ts';
import { nextMatch, scanner, WORD_START } from './scan.ts';

export interface Part {
  start: number;
  end: number;
}

/**
 * Stated adult on the line: "adult", "grown-up", an age of 18 or more in brackets, after "age", or with a unit. A
 * scanner (scan.ts): its word-start lookbehind is tested in code, not by V8 at every position of the line (slow on
 * a line with any character beyond Latin-1, such as a dash "—").
 */
const ADULT = scanner(
  String.raw`${WORD_START}(?:adults?|adulthood|grown[\s-]?ups?|erwachsene?r?|adult[ao]s?|adultes?|\(\s*(?:[\p{L}\s]+,\s*)?(?:age[d:]?\s*)?(?:1[89]|[2-9]\d|1\d\d)\s*[),]|(?:age[d:]?|alter:?|edad:?|idade:?|eta:?)\s*(?:1[89]|[2-9]\d)(?!\d)|(?:1[89]|[2-9]\d)[\s-]*(?:years?[\s-]*old|yo|jahre|anos|ans|anni))`,
  'u',
);
const LEADING_NAME = /^[\s\-*•#>\d.)(]*\**((?:[A-ZÀ-Þ][\p{L}'’-]+\s*){1,3})/u;
const NOT_A_NAME = new Set(
  'She He They It The A An His Her Their This That Age Child Teen Adult Young Old Little Sie Er Es Der Die Das Ein Eine Ella Él Elle Il Lui Lei Ela Ele La Le Lo Los Las Les Una Un Une'.split(
    ' ',
  ),
);

/** The text's lines with words on them (empty when the text has fewer than three: not a long text). */
export function partsOf(text: string): Part[] {
  const parts: Part[] = [];
  let start = 0;
  for (let i = 0; i <= text.length; i++) {
    if (i < text.length && text.charCodeAt(i) !== 10) continue;
    if (text.slice(start, i).trim() !== '') parts.push({ start, end: i });
    start = i + 1;
  }
  return parts.length >= 3 ? parts : [];
}

export function partIndex(parts: Part[], pos: number): number {
  let lo = 0;
  let hi = parts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (parts[mid]!.start <= pos) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The capitalised words a line starts with ("Little Wren", "Queen Maelis"), less words that name nobody. */
function leadingNames(text: AlignedText, start: number, end: number): string[] {
  const head = originalSpan(text, start, Math.min(end, start + 60)).span;
  const words = (LEADING_NAME.exec(head)?.[1] ?? '').split(/\s+/).filter((w) => w !== '' && !NOT_A_NAME.has(w));
  return words.map((w) => foldSource(w.toLowerCase()));
}

/**
 * The names of the lines that hold a minor cue, over every field of a check; null when one such line names nobody
 * ("She is 12."): then who a sexual word is about cannot be told, and nothing is set apart.
 */
export function childNames(fields: { text: AlignedText; minorAt: number[] }[]): Set<string> | null {
  const names = new Set<string>();
  for (const { text, minorAt } of fields) {
    // A line with several minor cues is read once (the same names; a line naming nobody has returned already).
    const read = new Set<number>();
    for (const pos of minorAt) {
      const start = text.text.lastIndexOf('\n', pos - 1) + 1;
      if (read.has(start)) continue;
      read.add(start);
      let end = text.text.indexOf('\n', pos);
      if (end < 0) end = text.text.length;
      const found = leadingNames(text, start, end);
      if (found.length === 0) return null;
      for (const n of found) names.add(n);
    }
  }
  return names;
}

/** Which lines of a long text hold sexual words that belong to an adult only (see the file's comment). */
export function adultOnlyParts(text: AlignedText, parts: Part[], minorAt: number[], children: Set<string>): Set<number> {
  const out = new Set<number>();
  const minorParts = new Set(minorAt.map((pos) => partIndex(parts, pos)));
  for (let i = 0; i < parts.length; i++) {
    if (minorParts.has(i) || minorParts.has(i - 1) || minorParts.has(i + 1)) continue;
    const line = text.text.slice(parts[i]!.start, parts[i]!.end);
    ADULT.re.lastIndex = 0;
    if (nextMatch(ADULT, line) === null) continue;
    if (namesOneOf(line, children)) continue;
    out.add(i);
  }
  return out;
}

const NAME_UNIT = /[\p{L}'’-]/u;
const WHOLE_NAME = /^[\p{L}'’-]+$/u;

/** Whether a code point of `line` (at `i`, or ending just before `i` when `back`) is a letter, ' or ’ or -. */
function nameUnitAt(line: string, i: number, back: boolean): boolean {
  if (back) {
    if (i <= 0) return false;
    const from = (line.charCodeAt(i - 1) & 0xfc00) === 0xdc00 && i >= 2 && (line.charCodeAt(i - 2) & 0xfc00) === 0xd800 ? i - 2 : i - 1;
    return NAME_UNIT.test(String.fromCodePoint(line.codePointAt(from)!));
  }
  return i < line.length && NAME_UNIT.test(String.fromCodePoint(line.codePointAt(i)!));
}

/**
 * Whether one of the words of `line` (runs of letters, ' , ’ and -) is one of `names`: what
 * `line.split(/[^\p{L}'’-]+/u).some((w) => names.has(w))` answers, by looking for each name instead of splitting.
 */
function namesOneOf(line: string, names: Set<string>): boolean {
  for (const name of names) {
    if (name === '') {
      if (line.split(/[^\p{L}'’-]+/u).includes('')) return true;
      continue;
    }
    if (!WHOLE_NAME.test(name)) continue; // holds a character no word holds
    for (let at = line.indexOf(name); at >= 0; at = line.indexOf(name, at + 1)) {
      if (!nameUnitAt(line, at, true) && !nameUnitAt(line, at + name.length, false)) return true;
    }
  }
  return false;
}
