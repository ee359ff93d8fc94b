// One field's text as the policy reads it: normalised (aligned.ts), with each term set's hits found once and kept, and
// the windows a rule's terms must fall within (a sentence, near, a few words) measured on it. A term set is compiled
// to one scanner for all its patterns (compileSet), so a set costs one pass over a text.
import { alignedNormalize, type AlignedText } from './aligned.ts';
import { undoLeet, type NormalizedText } from './normalize.ts';
import { nameList, type NameIndex } from './public-figures.ts';
import { countBelow, nextMatch, scanner, sentenceEnds, spansOf, wordStarts, WORD_START, type Scanner } from './scan.ts';
import type { TermSet, Window } from './types.ts';

/** Hits kept per term set and field; bounds memory on adversarial texts (a 10,000-char field has fewer words). */
const MAX_HITS = 4000;
const SENTENCE_GAP = 300;
const NEAR_GAP = 400;
/** Characters per word allowed when a window is counted in words (bounds the search, not the meaning). */
const WORD_REACH = 40;
const MAX_HIT_SPAN = 300;

export interface CompiledSet {
  id: string;
  /** Its place among the policy's sets: a field keeps its hits per set in an array at this index. */
  index: number;
  /** Every pattern of the set in one alternation: a term set costs one pass over a text. */
  scan: Scanner;
  unless: Scanner[];
  names?: NameIndex;
  patternless?: boolean;
}
export interface Hit {
  start: number;
  end: number;
}

export function compileSet(id: string, index: number, set: TermSet): CompiledSet {
  const compile = (source: string, indexed = false): Scanner => {
    try {
      return scanner(`${WORD_START}(?:${source})(?![\\p{L}\\p{N}])`, 'gu', indexed);
    } catch (err) {
      throw new Error(`Moderation term set "${id}" has an invalid pattern ${source}: ${(err as Error).message}`);
    }
  };
  // Each pattern alone first, so that an invalid one is named (not indexed by its starts: the set's scanner is, scan.ts).
  set.patterns.forEach((p) => compile(p));
  // A set of names only ("patterns: []") gets a scanner that never matches.
  const source = set.patterns.length > 0 ? set.patterns.map((p) => `(?:${p})`).join('|') : '(?!)';
  const compiled: CompiledSet = { id, index, scan: compile(source, true), unless: (set.unless ?? []).map((u) => scanner(u, 'gu', true)) };
  if (set.names) compiled.names = nameList(set.names);
  if (set.patterns.length === 0) compiled.patternless = true;
  return compiled;
}

/** No hit: shared by every field and set that has none (never written to). */
export const NO_HITS: Hit[] = Object.freeze([]) as unknown as Hit[];
const byPosition = (a: Hit, b: Hit) => a.start - b.start || a.end - b.end;
export const byStart = (a: Hit, b: Hit) => a.start - b.start;

/**
 * The set's matches in `text` (at most MAX_HITS in all), each outside the set's neutralising phrases, appended to
 * `found`; a list is made at the first match only (most sets match most texts nowhere).
 */
function scanInto(set: CompiledSet, text: string, found: Hit[] | undefined): Hit[] | undefined {
  // The neutralising phrases are looked for only once a pattern matched.
  let neutral: Hit[] | undefined;
  set.scan.re.lastIndex = 0;
  for (let m = nextMatch(set.scan, text); m; m = nextMatch(set.scan, text)) {
    const start = m.index;
    const end = start + m[0].length;
    neutral ??= spansOf(set.unless, text);
    if (neutral.length > 0 && neutral.some((u) => u.start <= start && end <= u.end)) continue;
    (found ??= []).push({ start, end });
    if (found.length >= MAX_HITS) break;
  }
  return found;
}

/** One field's normalised text with lazily computed hits per term set. */
export class FieldText {
  readonly norm: NormalizedText;
  private readonly hits: (Hit[] | undefined)[] = [];
  private sentenceEnds?: number[];
  private wordStarts?: number[];

  readonly aligned: AlignedText;

  constructor(text: string, aligned?: AlignedText) {
    this.aligned = aligned ?? alignedNormalize(text);
    const { text: base, leet } = this.aligned;
    const leetL = base.includes('1') ? undoLeet(base, 'l') : leet;
    this.norm = { base, leet, leetL };
  }

  hitsOf(set: CompiledSet): Hit[] {
    const known = this.hits[set.index];
    if (known) return known;
    let found: Hit[] | undefined;
    // A set of names only has no patterns to scan for; the second leet form only where it differs.
    if (!set.patternless) {
      found = scanInto(set, this.norm.leet, found);
      if (this.norm.leetL !== this.norm.leet && (found?.length ?? 0) < MAX_HITS) found = scanInto(set, this.norm.leetL, found);
    }
    if (set.names) for (const h of set.names.find(this.norm.base)) (found ??= []).push(h);
    if (found && found.length > 1) {
      found.sort(byPosition);
      // Both leet forms can find the same word; keep one hit per position.
      let kept = 1;
      for (let i = 1; i < found.length; i++) if (found[i]!.start !== found[kept - 1]!.start) found[kept++] = found[i]!;
      found.length = kept;
    }
    // No hit: one shared empty list (a check asks ~40 sets per field).
    return (this.hits[set.index] = found ?? NO_HITS);
  }

  private sentenceOf(pos: number): number {
    this.sentenceEnds ??= sentenceEnds(this.norm.base);
    return countBelow(this.sentenceEnds, pos);
  }

  private wordOf(pos: number): number {
    this.wordStarts ??= wordStarts(this.norm.base);
    return countBelow(this.wordStarts, pos + 1) - 1;
  }

  /** Whether any of `sorted` (by start) lies within `window` of `h0`; only hits a few hundred characters away are tried. */
  anyClose(h0: Hit, sorted: Hit[], window: Window): boolean {
    if (sorted.length === 0) return false;
    if (window === 'field') return true;
    const reach = window === 'sentence' ? SENTENCE_GAP : window === 'near' ? NEAR_GAP : WORD_REACH * (window.words + 1);
    // Hits are short (a phrase), so anything starting more than reach + MAX_HIT_SPAN before h0 ends too early.
    for (let i = countStartsBelow(sorted, h0.start - reach - MAX_HIT_SPAN); i < sorted.length; i++) {
      const h = sorted[i]!;
      if (h.start > h0.end + reach) return false;
      if (this.close(h0, h, window)) return true;
    }
    return false;
  }

  close(a: Hit, b: Hit, window: Window): boolean {
    if (window === 'field') return true;
    const [first, second] = a.start <= b.start ? [a, b] : [b, a];
    const gap = Math.max(0, second.start - first.end);
    if (window === 'sentence') return gap <= SENTENCE_GAP && this.sentenceOf(a.start) === this.sentenceOf(b.start);
    if (window === 'near') return gap <= NEAR_GAP && Math.abs(this.sentenceOf(a.start) - this.sentenceOf(b.start)) <= 1;
    if (second.start < first.end) return true;
    if (window.sameSentence && this.sentenceOf(a.start) !== this.sentenceOf(b.start)) return false;
    return this.wordOf(second.start) - this.wordOf(first.end - 1) - 1 <= window.words;
  }
}

function countStartsBelow(sorted: Hit[], pos: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]!.start < pos) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
