/**
 * Which characters a match of a regular expression can start with, read from its source (flags `u`, without `i`):
 * ASCII letters and digits, and which other characters written as themselves (a Cyrillic letter, an apostrophe).
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

  private charClass(): First {
    this.at++;
    let ok = this.s[this.at] !== '^';
    if (!ok) this.at++;
    while (this.s[this.at] !== ']') {
      if (this.at >= this.s.length) throw new Error('unclosed class');
      const from = this.classMember();
      if (this.s[this.at] === '-' && this.s[this.at + 1] !== ']') {
        this.at++;
        const to = this.classMember();
        ok &&= from.length === 1 && to.length === 1 && sameAsciiRun(from, to);
      } else ok &&= from === '\\d' || (from.length === 1 && ASCII_WORD.test(from));
    }
    this.at++;
    return ok ? ASCII_ONLY : UNKNOWN;
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
