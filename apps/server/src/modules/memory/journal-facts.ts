// The journal writer's reading of the model's answer: one fact a line, the numbers of the messages it came from in
// brackets at its end ("You adopted a cat named Miso. [3, 5]"). Bullets, numbering and quotes are taken off; a line
// over MAX_MEMORY_CHARS, an empty one or "none" is dropped, and so is a fact the journal (or this answer) already
// holds: the same words, whatever the case and punctuation, or nearly all of them.
import { MAX_MEMORY_CHARS } from '@reverie/shared';

export interface NewFact {
  text: string;
  messageIds: string[];
}

/** Words of a text, for comparing facts: lower case, letters and digits. */
function wordsOf(text: string): Set<string> {
  return new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
}

/** The same fact: the same words, or at least 80 % of the words of both together (Jaccard). */
export function sameFact(a: string, b: string): boolean {
  const [x, y] = [wordsOf(a), wordsOf(b)];
  if (x.size === 0 || y.size === 0) return false;
  let common = 0;
  for (const w of x) if (y.has(w)) common++;
  return common / (x.size + y.size - common) >= 0.8;
}

const CITED = /\s*\[([\d,\s]+)\]\s*\.?\s*$/u;
const NOTHING = /^(none|nothing( new)?|no new facts?|n\/a)\.?$/iu;

/** One line of the answer as a fact and the message numbers it cites, or undefined. */
function readLine(line: string): { text: string; cited: number[] } | undefined {
  let text = line
    .trim()
    .replace(/^(?:[-*•]|\d{1,2}[.)])\s*/u, '')
    .trim();
  const cited: number[] = [];
  const m = CITED.exec(text);
  if (m) {
    for (const n of m[1]!.split(',')) if (n.trim()) cited.push(Number(n.trim()));
    text = text.slice(0, m.index).trim();
  }
  text = text
    .replace(/^["“]|["”]$/gu, '')
    .replace(/\s+/gu, ' ')
    .trim();
  // eslint-disable-next-line no-control-regex -- a fact is one line of plain text
  if (!text || NOTHING.test(text) || text.length > MAX_MEMORY_CHARS || /[\u0000-\u001F\u007F-\u009F]/u.test(text)) return undefined;
  return { text, cited };
}

/**
 * The new facts of the model's answer (at most `max`, a bound on a runaway answer), each linked to the messages it cites (numbered from 1 in the
 * transcript it was shown); a fact citing none is linked to the messages that share its longer words.
 */
export function readFacts(answer: string, shown: { id: string; content: string }[], journal: string[], max = 20): NewFact[] {
  const out: NewFact[] = [];
  for (const line of answer.split(/\r?\n/u)) {
    if (out.length >= max) break;
    const fact = readLine(line);
    if (!fact) continue;
    if (journal.some((j) => sameFact(j, fact.text)) || out.some((f) => sameFact(f.text, fact.text))) continue;
    const ids = fact.cited.filter((n) => Number.isInteger(n) && n >= 1 && n <= shown.length).map((n) => shown[n - 1]!.id);
    out.push({ text: fact.text, messageIds: [...new Set(ids.length > 0 ? ids : sharingWords(fact.text, shown))] });
  }
  return out;
}

/** The messages that share at least two words of five letters or more with the fact (at most three, the latest). */
function sharingWords(fact: string, shown: { id: string; content: string }[]): string[] {
  const long = [...wordsOf(fact)].filter((w) => w.length >= 5);
  return shown
    .filter((m) => {
      const words = wordsOf(m.content);
      return long.filter((w) => words.has(w)).length >= 2;
    })
    .map((m) => m.id)
    .slice(-3);
}
