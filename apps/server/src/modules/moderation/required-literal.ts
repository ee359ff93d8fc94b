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
