/**
 * The minors policy (rule `minors-sexual`), in named layers:
 *
 * - `stated-age-under-18`: an age under 18 however it is written (digits, split digits "1 5", words in seven
 *   languages, Roman numerals beside an age word, hex "0x0F", a birth year against today's date, "turns 16 next
 *   month", "not 18 yet", "16F here"). An age in the past ("as a twelve-year-old", "when she was 12") is weak.
 * - `minor-life-stage`: child and teen words, school levels (US grades, UK years and forms, German Klassen, French
 *   collège, Spanish ESO/primaria, Portuguese fundamental, Italian medie, Russian классы, Japanese 中学生), "hasn't hit
 *   puberty", "not legal yet", bar/bat mitzvah age; in image prompts also "young"/"teen" tags and a negative prompt that
 *   pushes adults out ("adult, mature" as negative).
 * - `minor-body`: child-like bodies, "looks 12", "looks young but is 1,000 years old", "aged down".
 * - `sexual-content`: explicit and suggestive terms (English from the policy's term sets, six more languages here).
 *
 * How they combine (a "scope" is one check call: all fields of a card, a prompt with its negative, plus the
 * conversation's state when the caller passes it):
 * - a strong minor cue within 40 words of a sexual term in the same field; a weak one (teen, kid, child) within 6; a
 *   past age in the same sentence within 8;
 * - a scope that is explicit (NSFW rating, or an explicit term anywhere in it) refuses every strong minor cue;
 * - a scope that holds a strong minor cue refuses every sexual term.
 * Everything else near the line (a weak cue or a past age in the same field as a sexual term) is the "ambiguous band"
 * an optional LLM judge may look at (llm-judge.ts).
 */
import { originalSpan, foldSource, type AlignedText } from './aligned.ts';
import {
  AGE_ADVERB,
  AGE_UNIT,
  AGE_VERB_UNITS,
  AMBIGUOUS_UNIT,
  CORRECTED_CUE,
  IMAGE_YOUNG,
  LIFE_STAGE_ABSOLUTE,
  LIFE_STAGE_STRONG,
  LIFE_STAGE_STRONG_CJK,
  LIFE_STAGE_STRONG_UNLESS,
  LIFE_STAGE_WEAK,
  LIFE_STAGE_WEAK_UNLESS,
  MINOR_BODY,
  MINOR_BODY_CJK,
  NEGATIVE_ADULT,
  PAST_BEFORE,
  PERSON_OF,
  SEXUAL_CJK,
  SEXUAL_EXPLICIT_INTL,
  SEXUAL_SUGGESTIVE_INTL,
  SUBJECT_EN,
  TENS_STEMS,
  UNIT_WORDS,
} from './minors-terms.ts';
import { adultOnlyParts, childNames, partIndex, partsOf, type Part } from './parts.ts';
import { LIFE_STAGE_STRONG_CJK_V3, LIFE_STAGE_STRONG_V3, PAST_LIFE_BEFORE, PAST_LIFE_STAGE_UNLESS } from './minors-terms-v3.ts';
import type { FieldCues } from './scope-cues.ts';
import {
  countBelow,
  eachMatch,
  isWhiteSpace,
  nextMatch,
  NUMBER_START,
  scanner,
  sentenceEnds,
  spansOf,
  wordStarts,
  WORD_START,
  type Scanner,
} from './scan.ts';
import type { Surface, TermSet } from './types.ts';

export const MINOR_LAYERS = ['stated-age-under-18', 'minor-life-stage', 'minor-body', 'sexual-content'] as const;
export type MinorLayer = (typeof MINOR_LAYERS)[number];

/** One reason for a block: the rule (a layer name, or a policy rule id), and the span of the field it matched. */
export interface Problem {
  field: string;
  rule: string;
  span: string;
  start: number;
  end: number;
}

/** What a conversation or card has established so far (kept by the caller, or recomputed from stored text). */
export interface ScopeState {
  /** A strong minor cue seen earlier in the scope. */
  minor?: Problem;
  /** An explicit sexual term seen earlier in the scope. */
  explicit?: Problem;
  /**
   * A weak minor cue ("she's a teen", "the kid") in the conversation's last few messages: with sexual content in the
   * next message it is refused as it would be in one message. Not kept beyond those messages.
   */
  recent?: Problem;
}

type Strength = 'absolute' | 'strong' | 'weak' | 'past' | 'explicit' | 'suggestive';
interface Hit {
  layer: MinorLayer;
  strength: Strength;
  start: number;
  end: number;
}

const STRONG_WINDOW = 40;
const WEAK_WINDOW = 6;
const PAST_WINDOW = 8;
const TICKET_WINDOW = 25;
const MAX_HITS_PER_LIST = 500;

const B = WORD_START;
const E = '(?![\\p{L}\\p{N}])';

function alternation(words: string[]): string {
  return [...new Set(words)]
    .sort((a, b) => b.length - a.length)
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/[ -]/g, '[\\s-]'))
    .join('|');
}

const UNIT_WORD_MAP = new Map(Object.entries(UNIT_WORDS).map(([w, n]) => [foldSource(w), n]));
const TENS = TENS_STEMS.map(foldSource);
const UNITS_ALT = alternation([...UNIT_WORD_MAP.keys()]);
const TENS_ALT = alternation(TENS);
const NUM_WORD = `(?:(?:ein|zwei|drei|vier|funf|sechs|sieben|acht|neun)und)?(?:${TENS_ALT})\\p{L}*(?:[\\s-]+(?:y\\s+|e\\s+|et[\\s-]+|und\\s+)?(?:${UNITS_ALT}))?|(?:${UNITS_ALT})(?=[^\\p{L}]|jahr|$)`;
const KANJI = '[一二三四五六七八九十]{1,3}';
const NUM = `${NUMBER_START}(?<n>0x[0-9a-f]{1,4}|0b[01]{1,8}|\\d(?:[\\s.,_\\-/*|]{1,2}\\d){1,2}(?=\\s*-?\\s*(?:${AGE_UNIT}|${AMBIGUOUS_UNIT}))|\\d{1,4}(?!\\d|[.,]\\d)|${NUM_WORD}|${KANJI})`;
// Roman numerals 1-19 ("XIV years old", "tiene XV años", "she is XIII"): beside an age word or verb, never alone.
const ROMAN_AGE = '(?:x(?:ix|iv|v?i{0,3})|ix|iv|v?i{1,3}|v)(?![\\p{L}\\p{N}])';
const NUM_R = `${NUMBER_START}(?<n>0x[0-9a-f]{1,4}|0b[01]{1,8}|\\d(?:[\\s.,_\\-/*|]{1,2}\\d){1,2}(?=\\s*-?\\s*(?:${AGE_UNIT}|${AMBIGUOUS_UNIT}))|\\d{1,4}(?!\\d|[.,]\\d)|${NUM_WORD}|${KANJI}|${ROMAN_AGE})`;
const ROMAN = '(?<n>[ivxlc]{1,7})';

type AgeKind = 'now' | 'generic' | 'future' | 'bound' | 'past' | 'look' | 'year' | 'profile';
interface AgePattern {
  scan: Scanner;
  kind: AgeKind;
}
// Sources are folded like the text (Cyrillic units and words).
const age = (kind: AgeKind, source: string): AgePattern => ({ scan: scanner(foldSource(source)), kind });

// Exported for the tests (prefixes.test.ts).
export const AGE_PATTERNS: AgePattern[] = [
  age('now', `${NUM_R}\\s*-?\\s*${AGE_UNIT}`),
  age('now', `${B}${ROMAN}\\s*-?\\s*(?:years?|yrs?)[\\s-]*old`),
  age(
    'now',
    `${B}(?:aged|age\\s*[:=]|age\\s+is|alter\\s*[:=]|alter\\s+von|edad\\s*[:=]|idade\\s*[:=]|eta\\s*[:=]|l'?age\\s+de|возраст\\s*[:=]?)\\s*${NUM}`,
  ),
  age('now', `${B}age\\s+${NUM}(?=\\s*(?:$|[,.;!?)]|and\\b))`),
  age('now', `${B}(?:aged?\\s*[:=]?|alter\\s*[:=]?)\\s*${ROMAN}${E}`),
  ...AGE_VERB_UNITS.map(([verb, unit]) => age('now', `${B}${verb}\\s+${AGE_ADVERB}${NUM_R}\\s+${unit}${E}`)),
  age('now', `${B}${PERSON_OF}\\s+(?:de|di|d')\\s*${NUM_R}\\s+${AMBIGUOUS_UNIT}${E}`),
  age('now', `${B}sweet\\s+(?<n>sixteen|16)${E}`),
  age(
    'generic',
    `${B}(?<w>${SUBJECT_EN})\\s+${AGE_ADVERB}${NUM_R}(?=\\s*(?:$|[.,;:!?)\\]]|and\\b|but\\b|so\\b|now\\b|today\\b|though\\b|next\\b|this\\b|soon\\b|y\\b|und\\b|et\\b|e\\b|years?\\s+(?:old|young)|btw\\b|lol\\b|tho\\b|too\\b|already\\b|ok\\b|okay\\b|remember\\b|ubrigens\\b|jetzt\\b|schon\\b|aber\\b|oder\\b|pero\\b|mais\\b|ma\\b|mas\\b|ahora\\b|maintenant\\b|agora\\b|ora\\b))`,
  ),
  age(
    'future',
    `${B}(?:turns|turning|will\\s+turn|will\\s+be|is\\s+going\\s+to\\s+be|wird|cumple|cumplira|va\\s+a\\s+cumplir|fera|completa|fara|compie|compira|исполнится)\\s+${AGE_ADVERB}${NUM}(?<when>\\s+(?:next|in|soon|this|tomorrow|nachste\\p{L}*|naechste\\p{L}*|im\\s+\\p{L}+|el\\s+proximo|la\\s+proxima|pronto|le\\s+mois|l'annee|bientot|demain|no\\s+proximo|em\\s+breve|il\\s+prossimo|la\\s+prossima|presto|domani|через))?`,
  ),
  age('now', `${B}(?:just\\s+)?turned\\s+${NUM}${E}(?!\\s*(?:degrees|times|pages))`),
  age('future', `${NUM}\\s+next\\s+(?<when>year|month|week)`),
  age(
    'bound',
    `${B}(?:under|below|younger\\s+than|not\\s+yet|not|almost|nearly|unter|noch\\s+nicht|menor\\s+de|moins\\s+de|menos\\s+de|sotto\\s+i|meno\\s+di|quase|presque|casi|fast|quasi|младше)\\s+(?:the\\s+age\\s+of\\s+)?${NUM}(?!\\s*\\+)(?!\\s*(?:%|percent|dollars|euros|pounds|kg|lbs|cm|feet|minutes|hours|days|times|people))`,
  ),
  age('past', `${B}at\\s+(?:the\\s+)?age\\s+(?:of\\s+)?${NUM}`),
  age(
    'past',
    `${B}(?:virginity|first\\s+time|first\\s+kiss|lost\\s+it|had\\s+sex|slept\\s+with\\s+\\S+)\\s+(?:\\S+\\s+){0,3}?at\\s+${NUM}`,
  ),
  age('future', `${B}wird\\s+(?<when>nachste\\p{L}*|naechste\\p{L}*|im\\s+\\p{L}+|bald|morgen)\\s+(?:\\p{L}+\\s+)?${NUM}`),
  age(
    'past',
    `${B}(?:when|als|cuando|quand|quando)\\s+(?:i|she|he|they|we|you|sie|er|ich|ella|el|elle|il|ela|ele|lei|lui)\\s+(?:was|were|war|tenia|avait|tinha|aveva|era)\\s+${AGE_ADVERB}${NUM}`,
  ),
  age(
    'look',
    `${B}(?:looks?|appears?|seems?|sieht\\s+aus\\s+wie|parece|semble|sembra)\\s+(?:to\\s+be\\s+)?(?:about\\s+|around\\s+|only\\s+|maybe\\s+|barely\\s+|like\\s+(?:she'?s\\s+|he'?s\\s+|a\\s+)?)?${NUM}(?!\\s*(?:%|feet|foot|ft|inch|cm|kg|lbs|pounds|times|minutes|hours|days|dollars|euros|stories|floors))`,
  ),
  age(
    'year',
    `${B}(?:born|geboren|nacid[oa]|nee?|nascid[oa]|nat[oa]|jahrgang|b\\.)\\s+(?:(?:in|on|im|en|em|nel|del|am|le|el|the|year|jahr|ano|anno|annee|of)\\s+|[\\p{L}\\d]{1,10},?\\s+){0,3}?(?<y>(?:19|20)\\d\\d)(?!\\d)`,
  ),
  age('profile', `${B}(?<n>1[0-7])\\s?[fm](?=\\s*(?:$|here|looking|lf|seeking|,|/|\\)))`),
];

const DIGIT = /\d/;
const AGE_WORDS = new Set('aged sweet'.split(' '));
const CJK_AGE = /[歳才]|[一二三四五六七八九十]/;
const CORRECTED = new RegExp(foldSource(CORRECTED_CUE), 'uy');
const WINDOW_BEFORE = 90;
const WINDOW_AFTER = 70;
// What splits words for the age windows: white space and . , ; : ! ? ( ) " * [ ] { } < > / \ - _ ' ~ + =
const WORD_SEPARATORS = new Set([...'.,;:!?()"*[]{}<>/\\-_\'~+='].map((c) => c.charCodeAt(0)));
// Per UTF-16 unit: 1 white space, 2 a word separator, 0 neither. A table, because ageWindows asks for every character
// of every text, and a typed-array read is cheaper than a Set lookup plus a call into another module.
const SPLITS = new Uint8Array(0x10000);
for (let c = 0; c < SPLITS.length; c++) SPLITS[c] = isWhiteSpace(c) ? 1 : WORD_SEPARATORS.has(c) ? 2 : 0;
// The words without a digit that can take part in an age under 18 (number words, age words, Roman numerals 1-18),
// by a hash computed while scanning, so that ordinary words are never cut out of the text.
const PLAIN_AGE_WORDS = [
  ...AGE_WORDS,
  ...[...UNIT_WORD_MAP].filter(([, n]) => n <= 18).map(([w]) => w),
  ...Array.from({ length: 18 }, (_, i) => toRoman(i + 1)),
];
const wordHash = (h: number, c: number) => (Math.imul(h, 31) + c) | 0;
const PLAIN_AGE_HASHES = new Set(PLAIN_AGE_WORDS.map((w) => [...w].reduce((h, ch) => wordHash(h, ch.charCodeAt(0)), 0)));

function isAgeKanji(c: number): boolean {
  return c === 0x6b73 || c === 0x624d || c === 0x5341 || (c >= 0x4e00 && CJK_AGE.test(String.fromCharCode(c)));
}

/**
 * Ranges of the text around words that may belong to an age, widened to whitespace and merged. A loop over char codes
 * (no result object per word); only words that can matter are cut out and looked at.
 */
function ageWindows(view: string, year: number): [number, number][] {
  const windows: [number, number][] = [];
  const n = view.length;
  for (let i = 0; i < n;) {
    const c0 = view.charCodeAt(i);
    if (SPLITS[c0] !== 0) {
      i++;
      continue;
    }
    const start = i;
    let digitOrKanji = false;
    let j = false;
    let h = 0;
    for (; i < n; i++) {
      const c = view.charCodeAt(i);
      if (SPLITS[c] !== 0) break;
      if ((c >= 48 && c <= 57) || (c >= 0x4e00 && isAgeKanji(c))) digitOrKanji = true;
      if (c === 106) j = true;
      h = wordHash(h, c);
    }
    // Only a digit, an age kanji, "jährig" or one of the plain age words can make the word part of an age.
    if (!digitOrKanji && !PLAIN_AGE_HASHES.has(h) && !(j && view.slice(start, i).includes('jahrig'))) continue;
    const w = view.slice(start, i);
    if (!mayBeMinorAge(w, year)) continue;
    let from = Math.max(0, start - WINDOW_BEFORE);
    let to = Math.min(n, i + WINDOW_AFTER);
    while (from > 0 && SPLITS[view.charCodeAt(from - 1)] !== 1) from--;
    while (to < n && SPLITS[view.charCodeAt(to)] !== 1) to++;
    const last = windows[windows.length - 1];
    if (last && from <= last[1]) last[1] = Math.max(last[1], to);
    else windows.push([from, to]);
  }
  return windows;
}

/**
 * Whether a word can be part of an age under 18: a number under 19 (digits, hex, binary, words, kanji, a Roman
 * numeral), a birth year of someone under 18, or an age word. "24", "1994" and "thirty" cannot.
 */
function mayBeMinorAge(w: string, year: number): boolean {
  if (AGE_WORDS.has(w) || CJK_AGE.test(w) || w.includes('jahrig')) return true;
  if (DIGIT.test(w)) {
    const digits = /^\d+/.exec(w)?.[0];
    if (!digits || w.startsWith('0x') || w.startsWith('0b')) return true;
    const n = Number(digits);
    return n <= 18 || (digits.length === 4 && n > year - 19 && n <= year);
  }
  const unit = UNIT_WORD_MAP.get(w);
  if (unit !== undefined) return unit <= 18;
  return w.length <= 7 && /^[ivxlc]+$/.test(w) && (parseRoman(w) ?? 99) < 19;
}

/** Words that make "X is 12" about a thing, not a person. */
const NOT_A_PERSON = new Set(
  'level size score number chapter page room grade rank floor tier step day version answer price total count time it that this which what there here code year month week hour minute part act scene round turn wave stage episode season book volume item rule point limit maximum minimum max min cost fee height weight length width tab slot seat table gate door house apartment unit flat'.split(
    ' ',
  ),
);
const DISCLAIMER_BEFORE =
  /(?:\bno|\bnot\s+for|\bdni|\bnobody|\bno\s+one|\banyone|\banybody|\bif\s+you(?:'re|\s+are)|\busers?|\bpeople|\bvisitors?|\bnot\s+allowed|\bprohibited|\bforbidden|\bverboten|\bprohibido|\binterdit|\bvietato|\bproibido)\s+(?:\S+\s+){0,3}$/u;

function parseRoman(s: string): number | undefined {
  const values: Record<string, number> = { i: 1, v: 5, x: 10, l: 50, c: 100 };
  let total = 0;
  for (let i = 0; i < s.length; i++) {
    const v = values[s[i]!]!;
    const next = values[s[i + 1] ?? ''] ?? 0;
    total += v < next ? -v : v;
  }
  // Only canonical numerals ("xiv", not "iiiiv"), so ordinary words made of these letters do not count.
  return toRoman(total) === s ? total : undefined;
}
function toRoman(n: number): string {
  const table: [number, string][] = [
    [100, 'c'],
    [90, 'xc'],
    [50, 'l'],
    [40, 'xl'],
    [10, 'x'],
    [9, 'ix'],
    [5, 'v'],
    [4, 'iv'],
    [1, 'i'],
  ];
  let out = '';
  for (const [v, s] of table) {
    while (n >= v) {
      out += s;
      n -= v;
    }
  }
  return out;
}
const KANJI_DIGITS: Record<string, number> = { 一: 1, 二: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 };

/** The value of a number as written in an age: digits, split digits, hex, binary, words, kanji, Roman numerals. */
export function parseAgeNumber(raw: string): number | undefined {
  const s = raw.trim();
  if (/^0x[0-9a-f]+$/.test(s)) return parseInt(s.slice(2), 16);
  if (/^0b[01]+$/.test(s)) return parseInt(s.slice(2), 2);
  if (/^\d+$/.test(s)) return Number(s);
  if (/^\d(?:[\s.,_\-/*|]+\d)+$/.test(s)) return Number(s.replace(/\D/g, ''));
  if (/^[一二三四五六七八九十]+$/.test(s)) {
    const ten = s.indexOf('十');
    if (ten < 0) return s.length === 1 ? KANJI_DIGITS[s] : undefined;
    const tens = ten === 0 ? 1 : (KANJI_DIGITS[s[ten - 1]!] ?? 1);
    const units = ten === s.length - 1 ? 0 : (KANJI_DIGITS[s[ten + 1]!] ?? 0);
    return tens * 10 + units;
  }
  if (/^[ivxlc]+$/.test(s)) {
    const roman = parseRoman(s);
    if (roman !== undefined) return roman;
  }
  const word = s.replace(/[\s-]+/g, ' ');
  const unit = UNIT_WORD_MAP.get(word) ?? UNIT_WORD_MAP.get(word.replace(' ', '-'));
  if (unit !== undefined) return unit;
  if (TENS.some((t) => s.includes(t))) return 20;
  return undefined;
}

function compileList(sources: string[], bounded: boolean): Scanner {
  const body = sources.map((s) => `(?:${foldSource(s)})`).join('|');
  return scanner(bounded ? `${B}(?:${body})${E}` : `(?:${body})`, 'gu', true);
}

interface ListSpec {
  scan: Scanner;
  unless?: RegExp[];
  layer: MinorLayer;
  strength: Strength;
}

export interface MinorsOptions {
  sexualExplicit: TermSet;
  sexualSuggestive: TermSet;
  now?: () => Date;
}

/** One field read by the minors layers. */
export interface MinorsField {
  field: string;
  text: AlignedText;
  hits: Hit[];
  wordStarts?: number[];
  sentenceEnds?: number[];
  /** A long text's lines, and which of them hold sexual words that belong to an adult only (parts.ts). */
  parts?: { lines: Part[]; adultOnly: Set<number> };
}

export interface MinorsVerdict {
  problems: Problem[];
  /** Not blocked, but a weak cue or a past age shares a field with sexual content. */
  ambiguous: boolean;
}

export class MinorsPolicy {
  private readonly lists: ListSpec[];
  private readonly now: () => Date;
  private readonly imageYoung: Scanner;
  private readonly negativeAdult: Scanner;

  constructor(options: MinorsOptions) {
    this.now = options.now ?? (() => new Date());
    const unless = (sources: string[] | undefined) => (sources ?? []).map((u) => new RegExp(foldSource(u), 'gu'));
    const explicit = [...options.sexualExplicit.patterns, ...SEXUAL_EXPLICIT_INTL];
    const suggestive = [...options.sexualSuggestive.patterns, ...SEXUAL_SUGGESTIVE_INTL];
    this.lists = [
      { scan: compileList(LIFE_STAGE_ABSOLUTE, false), layer: 'minor-life-stage', strength: 'absolute' },
      {
        scan: compileList([...LIFE_STAGE_STRONG, ...LIFE_STAGE_STRONG_V3], true),
        unless: unless([...LIFE_STAGE_STRONG_UNLESS, ...PAST_LIFE_STAGE_UNLESS]),
        layer: 'minor-life-stage',
        strength: 'strong',
      },
      { scan: compileList([...LIFE_STAGE_STRONG_CJK, ...LIFE_STAGE_STRONG_CJK_V3], false), layer: 'minor-life-stage', strength: 'strong' },
      {
        scan: compileList(LIFE_STAGE_WEAK, true),
        unless: unless([...LIFE_STAGE_WEAK_UNLESS, ...PAST_LIFE_STAGE_UNLESS]),
        layer: 'minor-life-stage',
        strength: 'weak',
      },
      { scan: compileList(MINOR_BODY, true), layer: 'minor-body', strength: 'strong' },
      { scan: compileList(MINOR_BODY_CJK, false), layer: 'minor-body', strength: 'strong' },
      { scan: compileList(explicit, true), unless: unless(options.sexualExplicit.unless), layer: 'sexual-content', strength: 'explicit' },
      { scan: compileList(SEXUAL_CJK, false), layer: 'sexual-content', strength: 'explicit' },
      {
        scan: compileList(suggestive, true),
        unless: unless(options.sexualSuggestive.unless),
        layer: 'sexual-content',
        strength: 'suggestive',
      },
    ];
    this.imageYoung = scanner(`${B}${IMAGE_YOUNG}${E}`);
    this.negativeAdult = scanner(`${B}${NEGATIVE_ADULT}${E}`);
  }

  /** Reads one field. `role` says how an image prompt's field is read. */
  read(field: string, text: AlignedText, surface: Surface, role: 'text' | 'negative' = 'text'): MinorsField {
    const hits: Hit[] = [];
    if (role === 'negative') {
      // A negative prompt that keeps adults out of an explicit picture is a minor cue (inverted), nothing else is.
      eachMatch(this.negativeAdult, text.text, (m) => {
        hits.push({ layer: 'minor-life-stage', strength: 'strong', start: m.index, end: m.index + m[0].length });
      });
      return { field, text, hits };
    }
    const views = text.leet === text.text ? [text.text] : [text.text, text.leet];
    for (const view of views) {
      this.ages(view, hits);
      for (const list of this.lists) {
        let neutral: { start: number; end: number }[] | undefined;
        let found = 0;
        eachMatch(list.scan, view, (m) => {
          // Bounds memory and time on adversarial texts; a few hundred hits per list decide as well as thousands.
          if (++found > MAX_HITS_PER_LIST) return false;
          const start = m.index;
          const end = start + m[0].length;
          if (list.unless && list.unless.length) {
            neutral ??= spansOf(list.unless, view);
            if (neutral.some((n) => n.start <= start && n.end >= end)) return;
          }
          hits.push({ layer: list.layer, strength: list.strength, start, end });
        });
      }
      if (surface === 'image-prompt') {
        eachMatch(this.imageYoung, view, (m) => {
          hits.push({ layer: 'minor-life-stage', strength: 'weak', start: m.index, end: m.index + m[0].length });
        });
      }
    }
    // A life-stage cue taken back at once ("A girl? No: a 30-year-old woman") is no cue.
    for (let i = hits.length - 1; i >= 0; i--) {
      const h = hits[i]!;
      if (h.layer !== 'minor-life-stage' || h.strength === 'absolute') continue;
      CORRECTED.lastIndex = h.end;
      if (CORRECTED.test(text.text)) hits.splice(i, 1);
      // A life stage of the adult's past ("when she was a little girl") counts as a past age does.
      else if (PAST_LIFE_BEFORE.test(text.text.slice(Math.max(0, h.start - 60), h.start))) h.strength = 'past';
    }
    hits.sort((a, b) => a.start - b.start || b.end - a.end);
    // One hit per position and layer (both views may find the same word; the longer match wins).
    const reach = new Map<MinorLayer, number>();
    const unique = hits.filter((h) => {
      const covered = (reach.get(h.layer) ?? -1) >= h.end;
      if (!covered) reach.set(h.layer, Math.max(reach.get(h.layer) ?? -1, h.end));
      return !covered;
    });
    return { field, text, hits: unique };
  }

  private ages(view: string, out: Hit[]): void {
    // Age patterns are many and costly; they run only on windows around words that can take part in an age (a
    // number in any form, or an age word), which most sentences do not have.
    for (const [from, to] of ageWindows(view, this.now().getUTCFullYear())) this.agesIn(view.slice(from, to), from, out);
  }

  private agesIn(view: string, offset: number, out: Hit[]): void {
    const year = this.now().getUTCFullYear();
    for (const p of AGE_PATTERNS) {
      p.scan.re.lastIndex = 0;
      for (let m = nextMatch(p.scan, view); m; m = nextMatch(p.scan, view)) {
        const g = m.groups ?? {};
        let value: number | undefined;
        if (p.kind === 'year') {
          const born = Number(g.y);
          if (born > year) continue;
          value = year - born;
        } else {
          value = g.n === undefined ? undefined : parseAgeNumber(g.n);
          // A lone "i", "v" or "x" is an age only with a word for years ("v years old"), not "she is x".
          if (g.n !== undefined && /^[ivx]$/.test(g.n) && !/year|jahr|ano|ans|anni|лет/.test(m[0])) continue;
        }
        if (value === undefined) continue;
        if (p.kind === 'future' && g.when) value -= 1;
        const start = offset + m.index;
        const end = start + m[0].length;
        let strength: Strength = 'strong';
        if (p.kind === 'bound') {
          if (value > 18 || value < 2) continue;
          if (DISCLAIMER_BEFORE.test(view.slice(Math.max(0, m.index - 60), m.index))) continue;
        } else {
          if (value >= 18 || (value < 1 && p.kind !== 'year')) continue;
          if (p.kind === 'generic') {
            const subject = (g.w ?? '').split(/\s+/)[0]!;
            if (NOT_A_PERSON.has(subject)) continue;
            // "Chapter 12 is …": a bare "<word> is N" is an age only from 10 to 17.
            if (/^[a-z]+$/.test(subject) && / ist?$/.test(g.w ?? '') && !/^(?:she|he|who|char)$/.test(subject) && value < 10) continue;
          }
          if (p.kind === 'past' || (p.kind !== 'year' && PAST_BEFORE.test(view.slice(Math.max(0, m.index - 40), m.index))))
            strength = 'past';
        }
        out.push({ layer: p.kind === 'look' ? 'minor-body' : 'stated-age-under-18', strength, start, end });
      }
    }
  }

  /**
   * What one read field can add to a scope (a conversation's card, memory, pinned facts and history): its first cue of
   * each kind; ModerationPolicy.scopeOf puts a scope together from them (scope-cues.ts).
   */
  cuesOf(f: MinorsField): FieldCues {
    const cues: FieldCues = {};
    for (const h of f.hits) {
      if (!cues.weak && h.strength === 'weak' && h.layer !== 'sexual-content') cues.weak = problemOf(f, h);
      if (!cues.minor && strongCue(h)) cues.minor = problemOf(f, h);
      if (!cues.explicit && h.strength === 'explicit') cues.explicit = problemOf(f, h);
    }
    return cues;
  }

  /** The year ages are read in ("born in 2010"). */
  year(): number {
    return this.now().getUTCFullYear();
  }

  judge(fields: MinorsField[], context: { surface: Surface; nsfw: boolean; scope?: ScopeState }): MinorsVerdict {
    const problems: Problem[] = [];
    const add = (f: MinorsField, h: Hit) => {
      const p = problemOf(f, h);
      if (!problems.some((q) => q.field === p.field && q.start === p.start && q.rule === p.rule)) problems.push(p);
    };
    let ambiguous = false;
    let names: Set<string> | null | undefined;
    const children = () =>
      names === undefined ? (names = childNames(fields.map((f) => ({ text: f.text, minorAt: minorPositions(f) })))) : names;

    for (const f of fields) for (const h of f.hits) if (h.strength === 'absolute' && context.surface !== 'ticket') add(f, h);

    if (context.surface === 'ticket') {
      // A support ticket may describe what it reports: only an explicit description with a minor in it is refused.
      for (const f of fields) {
        for (const s of f.hits.filter(strongCue)) {
          for (const x of f.hits.filter((h) => h.strength === 'explicit')) {
            if (wordGap(f, s, x) <= TICKET_WINDOW) {
              add(f, s);
              add(f, x);
            }
          }
        }
      }
      return { problems, ambiguous: false };
    }

    for (const f of fields) {
      const sex = f.hits.filter(sexualHit);
      if (sex.length === 0) continue;
      for (const c of f.hits) {
        if (sexualHit(c)) continue;
        const window =
          c.strength === 'strong'
            ? STRONG_WINDOW
            : c.strength === 'past'
              ? PAST_WINDOW
              : context.surface === 'image-prompt'
                ? Infinity
                : WEAK_WINDOW;
        let near = false;
        for (const x of sex) {
          if (adultOnly(f, x, children) && !samePart(f, c, x)) continue;
          const gap = wordGap(f, c, x);
          if (gap <= window && (c.strength !== 'past' || sentenceOf(f, c.start) === sentenceOf(f, x.start))) {
            add(f, c);
            add(f, x);
            near = true;
          }
        }
        if (!near && (c.strength === 'weak' || c.strength === 'past')) ambiguous = true;
      }
    }

    const explicitHere = fields.flatMap((f) =>
      f.hits.filter((h) => h.strength === 'explicit' && !adultOnly(f, h, children)).map((h) => [f, h] as const),
    );
    const strongHere = fields.flatMap((f) => f.hits.filter(strongCue).map((h) => [f, h] as const));
    const explicitScope = context.nsfw || explicitHere.length > 0 || context.scope?.explicit !== undefined;
    const minorScope = strongHere.length > 0 || context.scope?.minor !== undefined;
    if (explicitScope && strongHere.length > 0) {
      for (const [f, h] of strongHere) add(f, h);
      if (!context.nsfw) {
        if (explicitHere[0]) add(explicitHere[0][0], explicitHere[0][1]);
        else if (context.scope?.explicit) problems.push(context.scope.explicit);
      }
    }
    if (context.scope?.recent && !minorScope) {
      // A weak cue of the last few messages, then sexual content: read as one text would be.
      const sexHere = fields.flatMap((f) => f.hits.filter(sexualHit).map((h) => [f, h] as const));
      for (const [f, h] of sexHere) add(f, h);
      if (sexHere.length > 0) problems.push(context.scope.recent);
    }
    if (minorScope) {
      const sexHere = fields.flatMap((f) => f.hits.filter((h) => sexualHit(h) && !adultOnly(f, h, children)).map((h) => [f, h] as const));
      if (sexHere.length > 0) {
        for (const [f, h] of sexHere) add(f, h);
        if (strongHere[0]) add(strongHere[0][0], strongHere[0][1]);
        else if (context.scope?.minor) problems.push(context.scope.minor);
      }
    }
    return { problems, ambiguous: problems.length === 0 && ambiguous };
  }
}

// Module-level rather than closures in judge: tsx (esbuild, keepNames) names every closure at run time, per call.
function strongCue(h: Hit): boolean {
  return (h.strength === 'strong' || h.strength === 'absolute') && h.layer !== 'sexual-content';
}

function sexualHit(h: Hit): boolean {
  return h.layer === 'sexual-content';
}

/**
 * Whether a sexual word of a long text belongs to an adult's line only (parts.ts). `children` holds the names of
 * every line with a minor cue in the check, computed once per check (null: a child nobody is named for).
 */
function adultOnly(f: MinorsField, h: Hit, children: () => Set<string> | null): boolean {
  if (!f.parts) {
    // Most texts are not long lists: fewer than three lines, nothing to set apart.
    const lines = f.text.text.indexOf('\n') < 0 ? [] : partsOf(f.text.text);
    const minorAt = lines.length === 0 ? [] : minorPositions(f);
    const names = minorAt.length === 0 ? null : children();
    f.parts = { lines, adultOnly: names ? adultOnlyParts(f.text, lines, minorAt, names) : new Set() };
  }
  return f.parts.adultOnly.size > 0 && f.parts.adultOnly.has(partIndex(f.parts.lines, h.start));
}

function minorPositions(f: MinorsField): number[] {
  return f.hits.filter((c) => c.layer !== 'sexual-content').map((c) => c.start);
}

function samePart(f: MinorsField, a: Hit, b: Hit): boolean {
  const lines = f.parts?.lines ?? [];
  return lines.length === 0 || partIndex(lines, a.start) === partIndex(lines, b.start);
}

function problemOf(f: MinorsField, h: Hit): Problem {
  const { span, start, end } = originalSpan(f.text, h.start, h.end);
  return { field: f.field, rule: h.layer, span, start, end };
}

function wordIndex(f: MinorsField, pos: number): number {
  f.wordStarts ??= wordStarts(f.text.text);
  return countBelow(f.wordStarts, pos + 1) - 1;
}

function sentenceOf(f: MinorsField, pos: number): number {
  f.sentenceEnds ??= sentenceEnds(f.text.text);
  return countBelow(f.sentenceEnds, pos);
}

/** Words strictly between two hits (0 when they touch or overlap). */
function wordGap(f: MinorsField, a: Hit, b: Hit): number {
  const [first, second] = a.start <= b.start ? [a, b] : [b, a];
  if (second.start < first.end) return 0;
  return Math.max(0, wordIndex(f, second.start) - wordIndex(f, first.end - 1) - 1);
}
