/**
 * Normalisation that remembers where every character came from, so a rule's match can be shown to the author as the
 * span of the text they wrote (start/end in the original field). The one pass every layer reads: invisible
 * characters dropped, NFKC, lowercase, diacritics removed, look-alike letters folded to Latin, runs of horizontal
 * space collapsed, spaced-out letters ("t e e n", "t.e.e.n") joined. `leet` is the same text with leetspeak undone
 * (same length, so the map serves both); digits stay digits in `text` (the numeric view).
 */
import { COMBINING, HOMOGLYPHS, undoLeet, type NormalizedText } from './normalize.ts';
import { eachMatch, learnUnit, LETTER_OR_DIGIT_UNITS, scanner, WORD_OR_APOSTROPHE_START } from './scan.ts';

// Zero-width, joiners, bidi controls, soft hyphen, variation selectors, Hangul fillers, tag characters.
function invisible(ch: string): boolean {
  const c = ch.codePointAt(0)!;
  return (
    c === 0xad ||
    c === 0x34f ||
    c === 0x61c ||
    c === 0x115f ||
    c === 0x1160 ||
    c === 0x17b4 ||
    c === 0x17b5 ||
    (c >= 0x180b && c <= 0x180f) ||
    (c >= 0x200b && c <= 0x200f) ||
    (c >= 0x202a && c <= 0x202e) ||
    (c >= 0x2060 && c <= 0x206f) ||
    c === 0x3164 ||
    (c >= 0xfe00 && c <= 0xfe0f) ||
    c === 0xfeff ||
    c === 0xffa0 ||
    (c >= 0xe0000 && c <= 0xe01ef)
  );
}
const SEPARATOR = /[ ._\-*~+|/\\]/;
const LEAD_WORD = /^[ai][ ._\-*~+|/\\]+/;

export interface AlignedText {
  /** Normalised text with digits kept. */
  text: string;
  /** `text` with leetspeak undone (same length); equal to `text` when there was nothing to undo. */
  leet: string;
  /** For every index of `text`, the index in the original string it came from (undefined: the same index). */
  map: number[] | undefined;
  original: string;
}

const foldCache = new Map<string, string>();

/** One character's folded form (may be empty or two letters, e.g. ß → ss). */
export function foldChar(ch: string): string {
  const code = ch.charCodeAt(0);
  if (code < 128) return code >= 65 && code <= 90 ? String.fromCharCode(code + 32) : ch;
  let out = foldCache.get(ch);
  if (out !== undefined) return out;
  if (invisible(ch)) out = '';
  else {
    out = ch.normalize('NFKC').toLowerCase().normalize('NFD').replace(COMBINING, '');
    let folded = '';
    for (const c of out) folded += HOMOGLYPHS[c] ?? c;
    out = folded;
  }
  if (foldCache.size < 10_000) foldCache.set(ch, out);
  return out;
}

/** Folds a pattern source or word list the same way as the text (so Cyrillic words match their folded form). */
export function foldSource(source: string): string {
  // ASCII stays as written: sources are lowercase already, and `\S`, `\P{L}`, `\D` must keep their case.
  let out = '';
  for (const ch of source) out += ch.charCodeAt(0) < 128 ? ch : foldChar(ch);
  return out;
}

const PRINTABLE_ASCII = /^[\x20-\x7e\n\t]*$/;
const SPACED_ASCII = /(?<![A-Za-z0-9'])(?:[A-Za-z0-9][ ._\-*~+|/\\]{1,3}){2,}[A-Za-z0-9](?![A-Za-z0-9])/;
// Three or more single letters/digits split by separators ("l o l i", "s.h.o.t.a"); the lead is split (scan.ts).
// Exported for the tests (aligned.test.ts).
export const SPACED = scanner(String.raw`${WORD_OR_APOSTROPHE_START}(?:[\p{L}\p{N}][ ._\-*~+|/\\]{1,3}){2,}[\p{L}\p{N}](?![\p{L}\p{N}])`);

const SPACED_SEPARATORS = new Uint8Array(128);
for (const c of ' ._-*~+|/\\') SPACED_SEPARATORS[c.charCodeAt(0)] = 1;
const spacedSeparator = (c: number) => c < 128 && SPACED_SEPARATORS[c] === 1;
/** `[\p{L}\p{N}]` for a UTF-16 unit; a surrogate counts as one where `surrogate` says so. */
function spacedLetter(c: number, surrogate: boolean): boolean {
  if (c >= 0xd800 && c <= 0xdfff) return surrogate;
  const known = LETTER_OR_DIGIT_UNITS[c]!;
  return known === 0 ? learnUnit(c) : known === 2;
}

/**
 * Whether SPACED can match in `text`: somewhere a letter or digit, one to three separators, a letter or digit and a
 * separator again ("t e"), which every match of it holds. Why: SPACED's `\p{L}` is slow on a text with any character
 * beyond Latin-1 (about 6 µs for 750 characters, a dash "—" is enough), and most texts have no such place, which this
 * loop over char codes tells in a fraction of that. Where it cannot tell (a surrogate), it answers as if there were
 * such a place: an over-estimate only means that SPACED runs.
 */
export function maySpace(text: string): boolean {
  const n = text.length;
  for (let i = 0; i + 3 < n; i++) {
    if (!spacedSeparator(text.charCodeAt(i + 1)) || !spacedLetter(text.charCodeAt(i), true)) continue;
    // SPACED's lead: no letter, digit or apostrophe before the first letter.
    if (i > 0 && (text.charCodeAt(i - 1) === 39 || spacedLetter(text.charCodeAt(i - 1), false))) continue;
    let j = i + 2;
    while (j < i + 4 && j < n && spacedSeparator(text.charCodeAt(j))) j++;
    if (j >= n || !spacedLetter(text.charCodeAt(j), true)) continue;
    // After a letter of two units (a surrogate pair), the separator comes one unit later.
    const after = (text.charCodeAt(j) & 0xfc00) === 0xd800 ? j + 2 : j + 1;
    if (after < n && spacedSeparator(text.charCodeAt(after))) return true;
  }
  return false;
}

/** Horizontal space as the normalisation collapses it: ASCII blanks, no-break space and the wide spaces of \s. */
function isSpace(f: number): boolean {
  if (f < 0x2000) return f === 32 || f === 9 || f === 13 || f === 12 || f === 11 || f === 0xa0;
  return (f <= 0x200a || f === 0x2028 || f === 0x2029 || f === 0x202f || f === 0x205f || f === 0x3000 || f === 0xfeff) && f !== 10;
}

/**
 * The folding pass of `alignedNormalize` (text and map, before spaced-out letters are joined): ASCII lowercased,
 * anything else folded through a per-character cache, runs of horizontal space collapsed to one " ". Runs of ASCII
 * that need no change are copied as slices (lowercased), not character by character: most of a text is such runs.
 */
function foldAll(original: string): { text: string; map: number[] } {
  const map: number[] = [];
  let text = '';
  let lastSpace = false;
  // Where the pending run of ASCII characters (copied as a slice) starts.
  let run = 0;
  const n = original.length;
  for (let i = 0; i < n;) {
    const c = original.charCodeAt(i);
    if (c < 128) {
      if (isSpace(c)) {
        if (lastSpace || c !== 32) {
          if (i > run) text += original.slice(run, i).toLowerCase();
          run = i + 1;
          if (lastSpace) {
            i++;
            continue;
          }
          text += ' ';
        }
        lastSpace = true;
      } else lastSpace = false;
      map.push(i);
      i++;
      continue;
    }
    if (i > run) text += original.slice(run, i).toLowerCase();
    const len = c >= 0xd800 && c <= 0xdbff && i + 1 < n && (original.charCodeAt(i + 1) & 0xfc00) === 0xdc00 ? 2 : 1;
    const folded = foldChar(original.slice(i, i + len));
    for (let k = 0; k < folded.length; k++) {
      if (isSpace(folded.charCodeAt(k))) {
        if (lastSpace) continue;
        lastSpace = true;
        text += ' ';
      } else {
        lastSpace = false;
        text += folded[k];
      }
      map.push(i);
    }
    i += len;
    run = i;
  }
  if (n > run) text += original.slice(run, n).toLowerCase();
  return { text, map };
}

// The last text read and its reading: a message someone sends is read by the blocked-content policy and then by the
// crisis detector, and both would fold it again. Readers never change an AlignedText.
let last: AlignedText | undefined;

export function alignedNormalize(original: string): AlignedText {
  if (last !== undefined && last.original === original) return last;
  return (last = normalizeAligned(original));
}

function normalizeAligned(original: string): AlignedText {
  // Most text is plain ASCII without spaced-out letters: lowercase is the whole normalisation (runs of spaces are
  // kept: every pattern reads \s+), and every position maps to itself.
  if (PRINTABLE_ASCII.test(original) && !SPACED_ASCII.test(original)) {
    const text = original.toLowerCase();
    return { text, leet: undoLeet(text, 'i'), map: undefined, original };
  }
  let { text, map } = foldAll(original);
  // Spaced-out letters: "t e e n" → "teen" (a leading "a"/"i" is usually a word of its own: "a k i d").
  const spaced: RegExpExecArray[] = [];
  if (maySpace(text)) {
    eachMatch(SPACED, text, (m) => {
      spaced.push(m);
    });
  }
  if (spaced.length > 0) {
    let joined = '';
    const joinedMap: number[] = [];
    let at = 0;
    for (const m of spaced) {
      for (let k = at; k < m.index; k++) {
        joined += text[k];
        joinedMap.push(map[k]!);
      }
      const lead = LEAD_WORD.exec(m[0]);
      let from = m.index;
      if (lead && m[0].length - lead[0].length >= 3) {
        joined += `${m[0][0]} `;
        joinedMap.push(map[m.index]!, map[m.index + 1]!);
        from = m.index + lead[0].length;
      }
      for (let k = from; k < m.index + m[0].length; k++) {
        if (SEPARATOR.test(text[k]!)) continue;
        joined += text[k];
        joinedMap.push(map[k]!);
      }
      at = m.index + m[0].length;
    }
    for (let k = at; k < text.length; k++) {
      joined += text[k];
      joinedMap.push(map[k]!);
    }
    text = joined;
    map = joinedMap;
  }
  const leet = undoLeet(text, 'i');
  return { text, leet, map, original };
}

/** The original text behind a normalised range, with its original start and end. */
export function originalSpan(a: AlignedText, start: number, end: number): { span: string; start: number; end: number } {
  if (!a.map) return { span: a.original.slice(start, end), start, end };
  if (a.map.length === 0) return { span: '', start: 0, end: 0 };
  const s = a.map[Math.min(start, a.map.length - 1)]!;
  const lastIdx = a.map[Math.min(Math.max(end - 1, start), a.map.length - 1)]!;
  const cp = a.original.codePointAt(lastIdx) ?? 0;
  const e = lastIdx + (cp > 0xffff ? 2 : 1);
  return { span: a.original.slice(s, e), start: s, end: e };
}

/** The normalised forms of a text (the same pass the rules read), without positions. */
export function normalizeText(text: string): NormalizedText {
  const { text: base, leet } = alignedNormalize(text);
  return { base, leet, leetL: base.includes('1') ? undoLeet(base, 'l') : leet };
}
