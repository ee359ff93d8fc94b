/**
 * The literal starts of a regular expression: a set of short strings such that every match of the source starts with
 * one of them (e.g. "sex", "fuc", "masturb" for `(?:sex|fuck\w*|masturbat\w*)`). A text in which none of them stands
 * (where a match may start) holds no match, so the expression need not run on it (scan.ts).
 *
 * Read from the source (flags `u`, no `i`) by a small parser of the syntax the policy's patterns use. It is cautious:
 * anything it does not read as a plain character or a small class of plain characters (\s, \p{L}, a negated class, `.`)
 * ends the start there; lookarounds and anchors are skipped (they match no character). Undefined when some match may
 * start with no known character, or the source uses syntax it does not know.
 *
 * `atBoundary`: also require that every match begins at a `\b` before a word character ("\bkill\s+myself", the
 * crisis phrases and the neutralising phrases), so that it can only start after a character that is not an ASCII
 * letter, digit or "_" (scan.ts looks such starts up like those of a scanner with a leading WORD_START).
 */

const MAX_LENGTH = 5;
const MAX_STRINGS = 4000;
const MAX_CLASS = 12;

type Atom =
  | { kind: 'chars'; chars: string[] } // one character out of these
  | { kind: 'group'; alts: Item[][] }
  | { kind: 'zero' } // lookaround or anchor: matches no character
  | { kind: 'boundary' } // \b: matches no character (marked at a match's start when asked: atBoundary)
  | { kind: 'stop' }; // a character we do not enumerate
interface Item {
  atom: Atom;
  min: number;
  max: number;
}

class Unknown extends Error {}

/** What `\s` matches (white space and line terminators, as ECMAScript defines them): all written " " here. */
const WHITE_SPACE = new Set([
  ...'\t\n\v\f\r \u00a0\u1680\u2028\u2029\u202f\u205f\u3000\ufeff',
  ...Array.from({ length: 11 }, (_, i) => String.fromCharCode(0x2000 + i)),
]);
/** Put before a start whose match begins at a `\b` (atBoundary); not a character any source or text holds here. */
const BOUNDARY = '\u0000';
/** A character as the starts hold it: any white space is " " (the text is read the same way, scan.ts). */
const plain = (c: string) => (WHITE_SPACE.has(c) ? ' ' : c);
const CONTROL_ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', f: '\f', v: '\v' };

class Parser {
  i = 0;
  constructor(private readonly s: string) {}

  alternation(): Item[][] {
    const alts: Item[][] = [this.sequence()];
    while (this.s[this.i] === '|') {
      this.i++;
      alts.push(this.sequence());
    }
    return alts;
  }

  private sequence(): Item[] {
    const items: Item[] = [];
    while (this.i < this.s.length && this.s[this.i] !== '|' && this.s[this.i] !== ')') {
      const atom = this.atom();
      const [min, max] = this.quantifier();
      items.push({ atom, min, max });
    }
    return items;
  }

  private quantifier(): [number, number] {
    const c = this.s[this.i];
    let q: [number, number] = [1, 1];
    if (c === '?') q = [0, 1];
    else if (c === '*') q = [0, Infinity];
    else if (c === '+') q = [1, Infinity];
    else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.s.slice(this.i));
      if (!m) throw new Unknown();
      this.i += m[0].length;
      const min = Number(m[1]);
      const max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]);
      if (this.s[this.i] === '?') this.i++;
      return [min, max];
    } else return q;
    this.i++;
    if (this.s[this.i] === '?') this.i++; // lazy: the same matches, in another order
    return q;
  }

  private atom(): Atom {
    const s = this.s;
    const c = s[this.i]!;
    if (c === '(') return this.group();
    if (c === '[') return this.charClass();
    if (c === '\\') {
      const e = this.escape(false);
      return e.kind === 'chars' ? { kind: 'chars', chars: e.chars.map(plain) } : e;
    }
    this.i++;
    if (c === '^' || c === '$') return { kind: 'zero' };
    if (c === '.') return { kind: 'stop' };
    if ('*+?{}]'.includes(c)) throw new Unknown();
    const code = c.charCodeAt(0);
    if (code >= 0xd800 && code <= 0xdfff) throw new Unknown();
    return { kind: 'chars', chars: [plain(c)] };
  }

  private group(): Atom {
    const s = this.s;
    this.i++;
    let look = false;
    if (s.startsWith('?:', this.i)) this.i += 2;
    else if (s.startsWith('?=', this.i) || s.startsWith('?!', this.i)) {
      this.i += 2;
      look = true;
    } else if (s.startsWith('?<=', this.i) || s.startsWith('?<!', this.i)) {
      this.i += 3;
      look = true;
    } else if (s.startsWith('?<', this.i)) {
      const close = s.indexOf('>', this.i);
      if (close < 0) throw new Unknown();
      this.i = close + 1;
    } else if (s[this.i] === '?') throw new Unknown();
    const alts = this.alternation();
    if (s[this.i] !== ')') throw new Unknown();
    this.i++;
    return look ? { kind: 'zero' } : { kind: 'group', alts };
  }

  /** An escape, its characters as written (`\\s`: " "); `stop` for a set we do not enumerate. */
  private escape(inClass: boolean): Atom {
    const s = this.s;
    const c = s[this.i + 1];
    if (c === undefined) throw new Unknown();
    this.i += 2;
    if (c === 'b' || c === 'B') {
      if (inClass) throw new Unknown();
      return c === 'b' ? { kind: 'boundary' } : { kind: 'zero' };
    }
    if (c === 'd') return { kind: 'chars', chars: [...'0123456789'] };
    if (c === 's') return { kind: 'chars', chars: [' '] };
    if ('SDwWpPk'.includes(c)) {
      if (c === 'p' || c === 'P') {
        const close = s.indexOf('}', this.i);
        if (s[this.i] !== '{' || close < 0) throw new Unknown();
        this.i = close + 1;
      } else if (c === 'k') throw new Unknown();
      return { kind: 'stop' };
    }
    const control = CONTROL_ESCAPES[c];
    if (control !== undefined) return { kind: 'chars', chars: [control] };
    if (c === 'u' || c === 'x') {
      const m = (c === 'u' ? /^(?:\{([0-9a-fA-F]{1,6})\}|([0-9a-fA-F]{4}))/ : /^()([0-9a-fA-F]{2})/).exec(s.slice(this.i));
      if (!m) throw new Unknown();
      this.i += m[0].length;
      const code = parseInt(m[1] || m[2]!, 16);
      if (code >= 0xd800) throw new Unknown();
      return { kind: 'chars', chars: [String.fromCharCode(code)] };
    }
    if (/[0-9A-Za-z]/.test(c)) throw new Unknown();
    return { kind: 'chars', chars: [c] };
  }

  private charClass(): Atom {
    const s = this.s;
    this.i++;
    let negated = false;
    if (s[this.i] === '^') {
      negated = true;
      this.i++;
    }
    const chars = new Set<string>();
    let stop = negated;
    for (;;) {
      const c = s[this.i];
      if (c === undefined) throw new Unknown();
      if (c === ']') {
        this.i++;
        break;
      }
      let from: string | undefined;
      if (c === '\\') {
        const e = this.escape(true);
        if (e.kind !== 'chars') stop = true;
        else if (e.chars.length === 1) from = e.chars[0];
        else for (const x of e.chars) chars.add(plain(x));
      } else {
        const code = c.charCodeAt(0);
        if (code >= 0xd800 && code <= 0xdfff) throw new Unknown();
        from = c;
        this.i++;
      }
      if (from !== undefined && s[this.i] === '-' && s[this.i + 1] !== ']' && s[this.i + 1] !== undefined) {
        this.i++;
        let to = s[this.i]!;
        if (to === '\\') {
          const e = this.escape(true);
          if (e.kind !== 'chars' || e.chars.length !== 1) throw new Unknown();
          to = e.chars[0]!;
        } else this.i++;
        const a = from.charCodeAt(0);
        const b = to.charCodeAt(0);
        if (b < a || b >= 0xd800) throw new Unknown();
        if (b - a >= MAX_CLASS) stop = true;
        else for (let x = a; x <= b; x++) chars.add(plain(String.fromCharCode(x)));
      } else if (from !== undefined) chars.add(plain(from));
    }
    if (stop || chars.size > MAX_CLASS) return { kind: 'stop' };
    return { kind: 'chars', chars: [...chars] };
  }
}

/**
 * The strings (1 to MAX_LENGTH characters) every match of `items[at..]` starts with, given `k` characters to go; ''
 * when nothing is known there. What follows the sequence is unknown (a group's caller passes its own rest in `rest`).
 */
function starts(items: Item[], at: number, k: number, rest: (k: number) => string[]): string[] {
  if (k === 0) return [''];
  if (at === items.length) return rest(k);
  const { atom, min, max } = items[at]!;
  const next = (kk: number) => starts(items, at + 1, kk, rest);
  const out: string[] = [];
  if (min === 0) out.push(...next(k));
  if (max === 0) return out.length > 0 ? out : next(k);
  if (atom.kind === 'zero') return next(k);
  // Nothing read yet (k === MAX_LENGTH): the match begins at this \b.
  if (atom.kind === 'boundary') return k === MAX_LENGTH ? next(k).map((t) => BOUNDARY + t) : next(k);
  if (atom.kind === 'stop') return out.length > 0 && !out.includes('') ? [...out, ''] : [''];
  // After one repetition of a character, what may follow is the rest of them; of a class or a group, it is not read
  // (the start ends there: a group may match nothing, and a class repeated would give too many starts).
  const more = { atom, min: Math.max(0, min - 1), max: max - 1 };
  const after =
    max === 1 ? next : atom.kind === 'chars' && atom.chars.length === 1 ? (kk: number) => starts([more], 0, kk, next) : () => [''];
  if (atom.kind === 'chars') {
    const tail = after(k - 1);
    for (const c of atom.chars) for (const t of tail) out.push(c + t);
  } else {
    for (const alt of atom.alts) out.push(...starts(alt, 0, k, after));
  }
  if (out.length > MAX_STRINGS) throw new Unknown();
  return out;
}

/** The literal starts of `source` (see the file's comment), or undefined when some match may start otherwise. */
export function literalStarts(source: string, atBoundary = false): string[] | undefined {
  try {
    const parser = new Parser(source);
    const alts = parser.alternation();
    if (parser.i !== source.length) return undefined;
    const all = new Set<string>();
    for (const alt of alts) {
      for (const s of starts(alt, 0, MAX_LENGTH, () => [''])) {
        const plain = s.replace(/^\0+/, '');
        // A \b before a word character holds only after a character that is not one; anything else is not read here.
        if (atBoundary && (plain === s || !/^\w/.test(plain))) return undefined;
        all.add(plain);
      }
    }
    if (all.has('')) return undefined;
    return [...all];
  } catch (err) {
    if (err instanceof Unknown) return undefined;
    throw err;
  }
}
