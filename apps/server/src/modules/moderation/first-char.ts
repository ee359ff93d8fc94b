/**
 * Which characters a match of a regular expression can start with, read from its source (flags `u`, without `i`):
 * ASCII letters and digits, and which other characters written as themselves (a Cyrillic letter, an apostrophe, a
 * kanji of a class like `[一二三]`).
 * scan.ts uses the answer to put `\b` (or `\b` beside a lookahead for those other characters) before a term list's
 * word-start lookbehind, which V8 tests much faster; it then refuses nothing the lookbehind lets through (`scanner`).
 *
 * Conservative by construction: whatever this parser does not know (a backreference, `.`, `\w`, `\s`, `\p{…}`, a
 * class with anything but ASCII letters and digits in it, a source that may match the empty string) answers
 * undefined, and the scanner keeps its plain form.
 */

export interface FirstChars {
  /** A match can start with an ASCII letter or digit. */
  ascii: boolean;
  /** The other characters a match can start with (code points); none of them is a letter, digit or "_" of ASCII. */
  others: Set<number>;
}

interface First {
  /** What this part can start a match with; null: not known (anything). */
  chars: FirstChars | null;
  /** The part can match the empty string (then the first character may come from what follows). */
  nullable: boolean;
}

const ASCII_WORD = /^[A-Za-z0-9]$/;
const EMPTY: First = { chars: { ascii: false, others: new Set() }, nullable: true };
const ASCII_ONLY: First = { chars: { ascii: true, others: new Set() }, nullable: false };
const UNKNOWN: First = { chars: null, nullable: false };

/** What every match of `source` starts with, or undefined when not known. */
export function firstChars(source: string): FirstChars | undefined {
  const parser = new FirstParser(source);
  try {
    const first = parser.disjunction();
    if (parser.at !== source.length || first.nullable || !first.chars) return undefined;
    return first.chars.ascii || first.chars.others.size > 0 ? first.chars : undefined;
  } catch {
    return undefined;
  }
}

function union(a: FirstChars | null, b: FirstChars | null): FirstChars | null {
  if (!a || !b) return null;
  return { ascii: a.ascii || b.ascii, others: new Set([...a.others, ...b.others]) };
}

class FirstParser {
  at = 0;
  constructor(private readonly s: string) {}

  disjunction(): First {
    let chars: FirstChars | null = EMPTY.chars;
    let nullable = false;
    for (;;) {
      const a = this.alternative();
      chars = union(chars, a.chars);
      nullable ||= a.nullable;
      if (this.s[this.at] !== '|') return { chars, nullable };
      this.at++;
    }
  }

  /** A sequence: its first character comes from its terms up to the first one that cannot match empty. */
  private alternative(): First {
    let chars: FirstChars | null = EMPTY.chars;
    let decided: First | undefined;
    while (this.at < this.s.length && this.s[this.at] !== '|' && this.s[this.at] !== ')') {
      const term = this.quantified();
      if (decided) continue;
      chars = union(chars, term.chars);
      if (!term.nullable) decided = { chars, nullable: false };
    }
    return decided ?? { chars, nullable: true };
  }

  private quantified(): First {
    const atom = this.atom();
    const c = this.s[this.at];
    let min = 1;
    if (c === '?' || c === '*') min = 0;
    else if (c === '{') {
      const m = /^\{(\d+)(?:,\d*)?\}/.exec(this.s.slice(this.at));
      if (!m) throw new Error('quantifier');
      min = Number(m[1]);
      this.at += m[0].length - 1;
    } else if (c !== '+') return atom;
    this.at++;
    if (this.s[this.at] === '?') this.at++; // lazy
    return { chars: atom.chars, nullable: atom.nullable || min === 0 };
  }

  private atom(): First {
    const c = this.s[this.at]!;
    if (c === '(') return this.group();
    if (c === '[') return this.charClass();
    if (c === '\\') return this.escape(false);
    if (c === '^' || c === '$') {
      this.at++;
      return EMPTY;
    }
    if ('*+?{}|)]'.includes(c)) throw new Error('syntax');
    const cp = this.s.codePointAt(this.at)!;
    this.at += cp > 0xffff ? 2 : 1;
    if (c === '.') return UNKNOWN;
    if (cp < 128 && ASCII_WORD.test(c)) return ASCII_ONLY;
    if (c === '_') return UNKNOWN;
    return { chars: { ascii: false, others: new Set([cp]) }, nullable: false };
  }

  private group(): First {
    const rest = this.s.slice(this.at, this.at + 4);
    let lookaround = false;
    if (rest.startsWith('(?:')) this.at += 3;
    else if (rest.startsWith('(?=') || rest.startsWith('(?!')) [this.at, lookaround] = [this.at + 3, true];
    else if (rest.startsWith('(?<=') || rest.startsWith('(?<!')) [this.at, lookaround] = [this.at + 4, true];
    else if (rest.startsWith('(?<')) {
      const end = this.s.indexOf('>', this.at);
      if (end < 0) throw new Error('group name');
      this.at = end + 1;
    } else if (rest.startsWith('(?')) throw new Error('unknown group');
    else this.at += 1;
    const inner = this.disjunction();
    if (this.s[this.at] !== ')') throw new Error('unclosed group');
    this.at++;
    // A lookaround consumes nothing: the first character comes from what follows it.
    return lookaround ? EMPTY : inner;
  }

  /** A class of ASCII letters and digits (single, ranges, `\d`) and other characters written singly. */
  private charClass(): First {
    this.at++;
    let known = this.s[this.at] !== '^';
    if (!known) this.at++;
    let ascii = false;
    const others = new Set<number>();
    while (this.s[this.at] !== ']') {
      if (this.at >= this.s.length) throw new Error('unclosed class');
      const from = this.classMember();
      if (this.s[this.at] === '-' && this.s[this.at + 1] !== ']') {
        this.at++;
        const to = this.classMember();
        known &&= from.length === 1 && to.length === 1 && sameAsciiRun(from, to);
        ascii = true;
      } else if (from === '\\d' || (from.length === 1 && ASCII_WORD.test(from))) ascii = true;
      else if (from.startsWith('\\') || from === '_') known = false;
      else others.add(from.codePointAt(0)!);
    }
    this.at++;
    return known ? { chars: { ascii, others }, nullable: false } : UNKNOWN;
  }

  /** One member of a class: a character, or an escape as written ("\\d", "\\p{L}"). */
  private classMember(): string {
    if (this.s[this.at] === '\\') {
      const from = this.at;
      this.escape(true);
      return this.s.slice(from, this.at);
    }
    const cp = this.s.codePointAt(this.at)!;
    this.at += cp > 0xffff ? 2 : 1;
    return String.fromCodePoint(cp);
  }

  private escape(inClass: boolean): First {
    const c = this.s[this.at + 1];
    if (c === undefined) throw new Error('trailing backslash');
    this.at += 2;
    if (!inClass && (c === 'b' || c === 'B')) return EMPTY;
    if (/[1-9k]/.test(c)) throw new Error('backreference');
    if (c === 'p' || c === 'P' || (c === 'u' && this.s[this.at] === '{')) {
      const end = this.s.indexOf('}', this.at);
      if (end < 0) throw new Error('escape');
      this.at = end + 1;
    } else if (c === 'u') this.at += 4;
    else if (c === 'x') this.at += 2;
    else if (c === 'c') this.at += 1;
    return c === 'd' ? ASCII_ONLY : UNKNOWN;
  }
}

/** A range between two ASCII letters or digits of the same run (a-z, A-Z, 0-9): nothing else falls inside it. */
function sameAsciiRun(from: string, to: string): boolean {
  const runs = [/^[a-z]$/, /^[A-Z]$/, /^[0-9]$/];
  return runs.some((r) => r.test(from) && r.test(to));
}

/**
 * A run of characters every match of `source` (flags `u`, no `i`) holds as written: the longest run of plain
 * characters side by side at the top level, none quantified, none inside a group or class (e.g. "laude" of
 * `\b(?:summa|magna)?\s*cum\s+laude\b`). A text without it has no match, so the regex need not run. Undefined when
 * there is none of two characters or more, or the source has an alternation at the top level.
 */
export function requiredLiteral(source: string): string | undefined {
  let best = '';
  let run = '';
  const end = () => {
    if (run.length > best.length) best = run;
    run = '';
  };
  for (let i = 0; i < source.length;) {
    const c = source[i]!;
    if (c === '|') return undefined;
    if (c === '(' || c === '[' || c === '\\' || c === '{') {
      end();
      i = c === '(' ? closeGroup(source, i) : c === '[' ? closeClass(source, i) : c === '{' ? closeCount(source, i) : skipEscape(source, i);
      continue;
    }
    const cp = source.codePointAt(i)!;
    const width = cp > 0xffff ? 2 : 1;
    const next = source[i + width];
    if ('.^$*+?'.includes(c)) end();
    // A quantified character is not there as written.
    else if (next !== undefined && '*+?{'.includes(next)) end();
    else run += String.fromCodePoint(cp);
    i += width;
  }
  end();
  return best.length >= 2 ? best : undefined;
}

/** Just after the escape at `i` ("\s", "\p{L}", "\u{1F600}", "\u00e9", "\x41", "\cJ", "\k<name>"). */
function skipEscape(s: string, i: number): number {
  const c = s[i + 1];
  if ((c === 'p' || c === 'P' || c === 'u') && s[i + 2] === '{') return closeCount(s, i + 2);
  if (c === 'k' && s[i + 2] === '<') return s.indexOf('>', i) + 1 || s.length;
  if (c === 'u') return i + 6;
  if (c === 'x') return i + 4;
  if (c === 'c') return i + 3;
  return i + 2;
}

/** Just after the "{…}" that opens at `i`. */
function closeCount(s: string, i: number): number {
  const close = s.indexOf('}', i);
  if (close < 0) throw new Error(`unclosed brace in ${s}`);
  return close + 1;
}

/** Just after the class that opens at `i`. */
function closeClass(s: string, i: number): number {
  for (i++; i < s.length; i++) {
    if (s[i] === '\\') i = skipEscape(s, i) - 1;
    else if (s[i] === ']') return i + 1;
  }
  throw new Error(`unclosed class in ${s}`);
}

/** Just after the group that opens at `i`, its classes, escapes and inner groups read. */
function closeGroup(s: string, i: number): number {
  let depth = 0;
  for (; i < s.length; i++) {
    const c = s[i];
    if (c === '\\') i = skipEscape(s, i) - 1;
    else if (c === '[') i = closeClass(s, i) - 1;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i + 1;
  }
  throw new Error(`unclosed group in ${s}`);
}
