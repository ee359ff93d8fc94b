// The snippet of a matching message: about 160 characters around the first matched word, with every matched word
// marked as a [start, end) range of the snippet, so the page highlights them while rendering the text as text.

const WORD = /[\p{L}\p{N}]+/gu;
export const SNIPPET_LENGTH = 160;

/** pg_trgm's trigrams of a word: lower case, padded with two spaces before and one after; each distinct one once. */
function trigrams(word: string): string[] {
  const padded = `  ${word} `;
  const out: string[] = [];
  for (let i = 0; i + 3 <= padded.length; i++) {
    const gram = padded.slice(i, i + 3);
    if (!out.includes(gram)) out.push(gram);
  }
  return out;
}

/** The similarity a typo needs: the trigrams both words have, over the trigrams either has. */
const SIMILAR = 0.45;

function similarity(a: string[], b: ReadonlySet<string>): number {
  let shared = 0;
  for (const t of a) if (b.has(t)) shared++;
  return shared / (a.length + b.size - shared);
}

interface Searched {
  /** The start every form of the word shares ("drag" of "dragon"). */
  stem: string;
  grams: ReadonlySet<string>;
}

function searchedWord(w: string): Searched {
  return { stem: w.length > 4 ? w.slice(0, Math.max(4, w.length - 2)) : w, grams: new Set(w.length >= 3 ? trigrams(w) : []) };
}

/**
 * Whether a word of the message answers one of the searched words: the same start (any form of it: "dragons",
 * "dragon's" for "dragon"; "drag" as it is typed) or, for typos, trigram similarity like the database's. The word's
 * trigrams are made once, and only when a start did not answer.
 */
function answers(word: string, searched: Searched[]): boolean {
  let grams: string[] | undefined;
  for (const s of searched) {
    if (word.startsWith(s.stem)) return true;
    // A word has at most length + 1 trigrams, and two sets are no more alike than the smaller's share of the larger.
    if (s.grams.size === 0 || word.length + 1 < SIMILAR * s.grams.size) continue;
    grams ??= trigrams(word);
    if (similarity(grams, s.grams) >= SIMILAR) return true;
  }
  return false;
}

/** Markdown's emphasis asterisks (`*she smiles*`): the chat shows them as italics and bold, a snippet as plain text. */
const EMPHASIS = /\*+/g;
const RUNS = /\s\s/;

/** Where each character of `raw` lands once its whitespace runs collapse to one space (after `lead` characters). */
function collapsedOffsets(raw: string, lead: number): number[] {
  const map: number[] = [];
  let out = lead;
  for (let i = 0; i < raw.length; i++) {
    map.push(out);
    if (/\s/.test(raw[i]!) && i > 0 && /\s/.test(raw[i - 1]!)) continue;
    out++;
  }
  map.push(out);
  return map;
}

export interface Snippet {
  snippet: string;
  marks: Array<[number, number]>;
}

/** The snippet of one message for `words`. */
export function snippet(message: string, words: string[]): Snippet {
  return snippets(words)(message);
}

/**
 * Snippets of many messages for the same words (a page of results): whether a word of a message answers is worked out
 * once per distinct word of the page, as chats repeat their words.
 */
export function snippets(words: string[]): (message: string) => Snippet {
  const searched = words.map(searchedWord);
  const answered = new Map<string, boolean>();
  return (message) => {
    const content = message.replace(EMPHASIS, '');
    const found: Array<[number, number]> = [];
    for (const m of content.matchAll(WORD)) {
      const word = m[0].toLowerCase();
      let yes = answered.get(word);
      if (yes === undefined) answered.set(word, (yes = answers(word, searched)));
      if (yes) found.push([m.index, m.index + m[0].length]);
    }
    return cut(content, found);
  };
}

/** About `SNIPPET_LENGTH` characters of `content` around its first match, and the matches within them. */
function cut(content: string, found: Array<[number, number]>): Snippet {
  const first = found[0]?.[0] ?? 0;
  let start = content.length <= SNIPPET_LENGTH ? 0 : Math.max(0, first - 50);
  // Begin at a word boundary.
  if (start > 0) {
    const space = content.lastIndexOf(' ', start);
    start = space >= 0 && first - space < 80 ? space + 1 : start;
  }
  let end = Math.min(content.length, start + SNIPPET_LENGTH);
  if (end < content.length) {
    const space = content.indexOf(' ', end);
    end = space >= 0 && space - end < 20 ? space : end;
  }
  const lead = start > 0 ? '…' : '';
  const text = lead + content.slice(start, end).replace(/\s+/g, ' ') + (end < content.length ? '…' : '');
  // Whitespace runs collapse above; map marks through the same collapse (a plain offset when there are none).
  const raw = content.slice(start, end);
  const at = RUNS.test(raw) ? collapsedOffsets(raw, lead.length) : null;
  const marks: Array<[number, number]> = [];
  for (const [a, b] of found) {
    if (a >= start && b <= end) marks.push(at ? [at[a - start]!, at[b - start]!] : [a - start + lead.length, b - start + lead.length]);
  }
  return { snippet: text, marks };
}
