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

function similarity(a: string[], b: string[]): number {
  let shared = 0;
  for (const t of a) if (b.includes(t)) shared++;
  return shared / (a.length + b.length - shared);
}

interface Searched {
  /** The start every form of the word shares ("drag" of "dragon"). */
  stem: string;
  grams: string[];
}

function searchedWord(w: string): Searched {
  return { stem: w.length > 4 ? w.slice(0, Math.max(4, w.length - 2)) : w, grams: w.length >= 3 ? trigrams(w) : [] };
}

/**
 * Whether a word of the message answers a searched word: the same start (any form of it: "dragons", "dragon's" for
 * "dragon"; "drag" as it is typed) or, for typos, trigram similarity like the database's.
 */
function answers(word: string, s: Searched): boolean {
  if (word.startsWith(s.stem)) return true;
  if (s.grams.length === 0) return false;
  // A word has at most length + 1 trigrams, and two sets are no more alike than the smaller's share of the larger.
  if (word.length + 1 < SIMILAR * s.grams.length) return false;
  return similarity(trigrams(word), s.grams) >= SIMILAR;
}

/** Markdown's emphasis asterisks (`*she smiles*`): the chat shows them as italics and bold, a snippet as plain text. */
const EMPHASIS = /\*+/g;

export function snippet(message: string, words: string[]): { snippet: string; marks: Array<[number, number]> } {
  const content = message.replace(EMPHASIS, '');
  const searched = words.map(searchedWord);
  const found: Array<[number, number]> = [];
  for (const m of content.matchAll(WORD)) {
    const word = m[0].toLowerCase();
    if (searched.some((s) => answers(word, s))) found.push([m.index, m.index + m[0].length]);
  }
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
  // Whitespace runs collapse above; map marks through the same collapse.
  const marks: Array<[number, number]> = [];
  const raw = content.slice(start, end);
  const map: number[] = [];
  let out = lead.length;
  for (let i = 0; i < raw.length; i++) {
    map.push(out);
    if (/\s/.test(raw[i]!) && i > 0 && /\s/.test(raw[i - 1]!)) continue;
    out++;
  }
  map.push(out);
  for (const [a, b] of found) if (a >= start && b <= end) marks.push([map[a - start]!, map[b - start]!]);
  return { snippet: text, marks };
}
