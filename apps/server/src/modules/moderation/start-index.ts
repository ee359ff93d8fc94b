/**
 * The literal starts of the indexed scanners (scan.ts, prefixes.ts), and where they stand in a text: one pass over a
 * text tells, for every indexed scanner at once, the positions where a match of it can begin. A scanner with no start
 * in a text is not run on it, and one with starts is run only there.
 *
 * The starts are kept as a trie of Maps (built once, as policies are compiled) and read through a flat copy of it in
 * typed arrays (`table`, rebuilt after a registration). Why: the pass visits every word start of every text checked,
 * and a step through a typed-array hash table costs a few nanoseconds where a Map lookup cost twenty; with the crisis
 * phrases registered too, the Map trie made every check slower (2026-11-28, docs/moderation.md).
 */
import { literalStarts } from './prefixes.ts';

/** A trie of the scanners' literal starts: the scanners one of whose starts ends at this node. */
interface StartNode {
  next: Map<number, StartNode> | null;
  /** Scanners with a lead: their start counts after a character that is not an ASCII letter or digit. */
  word: number[];
  /** Scanners without a lead: their start counts anywhere. */
  any: number[];
}
/** Per UTF-16 unit: some start of a scanner with a lead begins with it (1), of one without (2). */
const FIRST_UNITS = new Uint8Array(0x10000);
const STARTS = new Map<number, StartNode>();
let registered = 0;
const MIN_START = 3;
// Sources registered so far (policies compile the same term sets again): one number per source.
const REGISTERED = new Map<string, number>();

/**
 * Registers the literal starts of a scanner's source (without its lead), if it has them, and returns its number (-1:
 * not indexed). Every match then begins with one of them, where the lead allows a match (after a character that is not
 * an ASCII letter or digit, for a scanner with a lead: a superset of where its lead holds). A scanner without a lead
 * is registered when every match of it begins at a `\b` before a word character (the crisis phrases, the neutralising
 * phrases: its `\b` stays in the regex and holds only where a lead would), or when its starts begin beyond ASCII
 * (Japanese), so that looking for them at every position of a text stays cheap.
 */
export function registerStarts(source: string, hasLead: boolean): number {
  const atBoundary = hasLead ? undefined : literalStarts(source, true);
  const bit = hasLead || atBoundary !== undefined ? 1 : 2;
  const known = REGISTERED.get(`${bit}${source}`);
  if (known !== undefined) return known;
  const starts = atBoundary ?? literalStarts(source);
  // A start of one or two ASCII characters ("a", "is") stands in almost every text: such a scanner is not worth
  // looking up (a whole short word after a \b, "i ", is rare enough). One without a lead is looked up at every
  // position: only if its starts begin beyond ASCII.
  const longEnough = (s: string) => s.length >= MIN_START || (atBoundary !== undefined && s.endsWith(' '));
  const useful = starts?.every((s) => (s.charCodeAt(0) >= 128 ? true : bit === 1 && longEnough(s)));
  const id = useful ? registered++ : -1;
  REGISTERED.set(`${bit}${source}`, id);
  if (!starts || id < 0) return -1;
  // A start that another start of the same scanner begins is enough alone ("fuck" covers "fucks").
  const kept: string[] = [];
  for (const s of [...starts].sort((x, y) => x.length - y.length)) if (!kept.some((k) => s.startsWith(k))) kept.push(s);
  for (const s of kept) {
    FIRST_UNITS[s.charCodeAt(0)]! |= bit;
    let level = STARTS;
    let node: StartNode | undefined;
    for (let i = 0; i < s.length; i++) {
      node = level.get(s.charCodeAt(i));
      if (!node) level.set(s.charCodeAt(i), (node = { next: null, word: [], any: [] }));
      if (i < s.length - 1) level = node.next ??= new Map();
    }
    (bit === 1 ? node!.word : node!.any).push(id);
  }
  table = undefined;
  return id;
}

/**
 * The trie in typed arrays. Node 0 is the root; a child is found in an open-addressing hash table keyed by
 * `node << 16 | unit`; node n's scanners are `ids[offsets[2n] .. offsets[2n+1]]` (with a lead) and
 * `ids[offsets[2n+1] .. offsets[2n+2]]` (without).
 */
interface Table {
  keys: Int32Array;
  children: Int32Array;
  mask: number;
  shift: number;
  offsets: Int32Array;
  ids: Int32Array;
}
let table: Table | undefined;

function buildTable(): Table {
  const nodes: StartNode[] = [{ next: STARTS, word: [], any: [] }];
  const edges: [number, number, number][] = [];
  for (let n = 0; n < nodes.length; n++) {
    for (const [unit, child] of nodes[n]!.next ?? []) {
      edges.push([n, unit, nodes.length]);
      nodes.push(child);
    }
  }
  if (nodes.length >= 0x8000) throw new Error('start-index: too many literal starts for the table');
  let size = 16;
  let shift = 28;
  while (size < edges.length * 2) {
    size *= 2;
    shift--;
  }
  const keys = new Int32Array(size).fill(-1);
  const children = new Int32Array(size);
  for (const [n, unit, child] of edges) {
    const key = (n << 16) | unit;
    let h = slot(key, shift);
    while (keys[h] !== -1) h = (h + 1) & (size - 1);
    keys[h] = key;
    children[h] = child;
  }
  const offsets = new Int32Array(nodes.length * 2 + 1);
  const ids: number[] = [];
  nodes.forEach((node, n) => {
    offsets[2 * n] = ids.length;
    ids.push(...node.word);
    offsets[2 * n + 1] = ids.length;
    ids.push(...node.any);
  });
  offsets[nodes.length * 2] = ids.length;
  return { keys, children, mask: size - 1, shift, offsets, ids: Int32Array.from(ids) };
}

/** A key's first slot: the high bits of a multiplicative hash (Fibonacci hashing; `shift` = 32 - log2 of the size). */
const slot = (key: number, shift: number) => Math.imul(key, 0x9e3779b1) >>> shift;

/** The child of `node` for `unit`, or 0 (no child: the root is nobody's child). */
function childOf(t: Table, node: number, unit: number): number {
  const key = (node << 16) | unit;
  for (let h = slot(key, t.shift); ; h = (h + 1) & t.mask) {
    const k = t.keys[h]!;
    if (k === key) return t.children[h]!;
    if (k === -1) return 0;
  }
}

/** Whether a UTF-16 unit is white space as `\s` reads it. */
export function isWhiteSpace(c: number): boolean {
  if (c < 128) return c === 32 || (c >= 9 && c <= 13);
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

// The starts write any white space as " " (prefixes.ts): the text is read the same way.
const WHITE_UNITS = new Uint8Array(0x10000);
for (let c = 0; c < WHITE_UNITS.length; c++) WHITE_UNITS[c] = isWhiteSpace(c) ? 1 : 0;
const unitOf = (c: number) => (WHITE_UNITS[c] === 1 ? 32 : c);

const ASCII_WORD = new Uint8Array(128);
for (let c = 0; c < 128; c++) ASCII_WORD[c] = (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || (c >= 65 && c <= 90) ? 1 : 0;

function mark(found: (number[] | undefined)[], id: number, at: number): void {
  const list = found[id];
  if (list === undefined) found[id] = [at];
  else if (list[list.length - 1] !== at) list.push(at);
}

/** Where each registered scanner has a start in `text` where its lead allows a match, in one pass. */
function startsIn(text: string): (number[] | undefined)[] {
  const t = (table ??= buildTable());
  const { offsets, ids } = t;
  // Per scanner, the positions where one of its starts stands, in order (undefined: none).
  const found: (number[] | undefined)[] = new Array<number[] | undefined>(registered).fill(undefined);
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = unitOf(text.charCodeAt(i));
    const first = FIRST_UNITS[c]!;
    if (first === 0) continue;
    const before = i === 0 ? 32 : text.charCodeAt(i - 1);
    const word = before >= 128 || ASCII_WORD[before] === 0;
    if (!word && (first & 2) === 0) continue;
    let node = childOf(t, 0, c);
    for (let j = i + 1; node !== 0; j++) {
      if (word) for (let k = offsets[2 * node]!; k < offsets[2 * node + 1]!; k++) mark(found, ids[k]!, i);
      for (let k = offsets[2 * node + 1]!; k < offsets[2 * node + 2]!; k++) mark(found, ids[k]!, i);
      if (j >= n) break;
      node = childOf(t, node, unitOf(text.charCodeAt(j)));
    }
  }
  return found;
}

// The last few texts scanned and their starts (a check scans the same few texts with every scanner in turn).
const SEEN_TEXTS: string[] = [];
const SEEN_STARTS: (number[] | undefined)[][] = [];
let seenNext = 0;

/** Per registered scanner, the positions in `text` where one of its starts stands (undefined: none). */
export function startsOf(text: string): (number[] | undefined)[] {
  for (let k = 0; k < SEEN_TEXTS.length; k++) if (SEEN_TEXTS[k] === text && SEEN_STARTS[k]!.length === registered) return SEEN_STARTS[k]!;
  const found = startsIn(text);
  SEEN_TEXTS[seenNext] = text;
  SEEN_STARTS[seenNext] = found;
  seenNext = (seenNext + 1) % 4;
  return found;
}
