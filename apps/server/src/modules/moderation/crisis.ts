/**
 * The crisis detector (the crisis protocol's lexicon layer): does a person's chat message say that they want to die,
 * to kill or to hurt themselves? The same design as the minors policy (minors.ts): the policy's normalised text,
 * word lists as data (crisis-terms.ts), layers with names, and an ambiguous band an optional model judge may read
 * (crisis.service.ts, llm-judge.ts category S11). Nothing is ever blocked on its verdict: a `crisis` shows the
 * person where to find help, and the character's reply that turn steps out of the role-play.
 *
 * - `intent`: a first-person phrase of suicide or self-harm, not negated ("I would never…") and not inside a
 *   figure of speech ("this exam is killing me").
 * - `hint`: vaguer distress ("I can't do this anymore"): `ambiguous`, a crisis only when the judge says so.
 */
import { alignedNormalize } from './aligned.ts';
import { CRISIS_TERMS } from './crisis-terms.ts';
import { eachMatch, nextMatch, scanner, type Scanner } from './scan.ts';

export const CRISIS_LANGUAGES = ['en', 'de', 'es', 'fr', 'pt', 'it'] as const;
export type CrisisLanguage = (typeof CRISIS_LANGUAGES)[number];

export type CrisisVerdict =
  { kind: 'none' } | { kind: 'ambiguous'; language: CrisisLanguage } | { kind: 'crisis'; language: CrisisLanguage; layer: 'intent' };

/** Longest text read: a chat message is at most 4,000 characters; a longer input is read in its first part. */
const MAX_CHARS = 8000;
/** How far before an intent phrase a negation is looked for (a few words, the same clause). */
const NEGATION_REACH = 40;

/**
 * One layer's phrases in all languages, as one scanner. Every phrase begins with `\b` before a word, so the scanner is
 * run only where one of its literal starts stands ("i ", "kill ", "ich w", …; start-index.ts), not at every position of the
 * message: the whole regex over a whole message of 750 characters cost 15-30 µs at best and several times that after
 * the policy's own regexes had run (its compiled code no longer in the cache).
 */
function layer(pick: (l: (typeof CRISIS_TERMS)[CrisisLanguage]) => string[]): Scanner {
  const parts = CRISIS_LANGUAGES.map((lang) => `(?<${lang}>${pick(CRISIS_TERMS[lang]).join('|')})`);
  return scanner(parts.join('|'), 'gu', true);
}

const INTENT = layer((l) => l.intent);
const HINT = layer((l) => l.hint);
const FIGURATIVE = layer((l) => l.figurative);
const NEGATED = new RegExp(
  `(?:^|[^\\p{L}'])(?:${[...new Set(CRISIS_LANGUAGES.map((l) => CRISIS_TERMS[l].negation))].join('|')})(?:\\s+[\\p{L}']+){0,2}\\s+$`,
  'u',
);

/** Phrases that begin with their own negation. */
const NEGATIVE_START =
  /^(?:no|non|nao|nessun\p{L}*|nobody|nadie|niemand|personne|ninguem|kein\p{L}*|nothing|i\s+(?:do\s+not|don'?t|dont))(?![\p{L}])/u;

const languageOf = (m: RegExpExecArray): CrisisLanguage => CRISIS_LANGUAGES.find((l) => m.groups?.[l] !== undefined) ?? 'en';

function spans(s: Scanner, text: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  eachMatch(s, text, (m) => void out.push([m.index, m.index + m[0].length]));
  return out;
}

export class CrisisDetector {
  /** The lexicon's verdict on one message. Pure, synchronous, microseconds. */
  assess(message: string): CrisisVerdict {
    if (!message.trim()) return { kind: 'none' };
    const { text } = alignedNormalize(message.length > MAX_CHARS ? message.slice(0, MAX_CHARS) : message);
    let figurative: Array<[number, number]> | undefined;
    INTENT.re.lastIndex = 0;
    for (let m = nextMatch(INTENT, text); m; m = nextMatch(INTENT, text)) {
      const start = m.index;
      const end = start + m[0].length;
      figurative ??= spans(FIGURATIVE, text);
      if (figurative.some(([s, e]) => s < end && start < e)) continue;
      // A phrase that is itself negative ("no reason to live", "nessun motivo") is not turned around by another.
      if (!NEGATIVE_START.test(m[0]) && NEGATED.test(text.slice(Math.max(0, start - NEGATION_REACH), start))) continue;
      return { kind: 'crisis', language: languageOf(m), layer: 'intent' };
    }
    HINT.re.lastIndex = 0;
    const hint = nextMatch(HINT, text);
    if (hint) return { kind: 'ambiguous', language: languageOf(hint) };
    return { kind: 'none' };
  }
}
