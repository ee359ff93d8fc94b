// The minors policy's first layer (minors.ts), `stated-age-under-18`: an age under 18 however it is written (digits,
// split digits, words in seven languages, kanji, Roman numerals beside an age word, hex, a birth year against this
// year, "turns 16 next month", "not 18 yet", "16F here"), and `minor-body`'s "looks 12". The patterns are many and
// costly, so they run only on windows around words that can take part in an age (ageWindows), which most texts lack.
import { foldSource } from './aligned.ts';
import {
  AGE_ADVERB,
  AGE_UNIT,
  AGE_VERB_UNITS,
  AMBIGUOUS_UNIT,
  PAST_BEFORE,
  PERSON_OF,
  SUBJECT_EN,
  TENS_STEMS,
  UNIT_WORDS,
} from './minors-terms.ts';
import { isWhiteSpace, nextMatch, nextMatchIn, NUMBER_START, scanner, startsOf, WORD_START, type Scanner } from './scan.ts';

/** An age found: under 18 now (strong), or in the past ("when she was 12"); "looks 12" is a body cue. */
export interface AgeHit {
  layer: 'stated-age-under-18' | 'minor-body';
  strength: 'strong' | 'past';
  start: number;
  end: number;
}

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
// Indexed by their literal starts where they have them ("aged", "turns", "tiene"): looked up once per text
// (readAges), each is tried in a window only where one of its starts stands.
const age = (kind: AgeKind, source: string): AgePattern => ({ scan: scanner(foldSource(source), 'gu', true), kind });

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

/** Appends to `out` the ages under 18 in `view` (a normalised text), read in `year` ("born in 2010"). */
export function readAges(view: string, year: number, out: { push(hit: AgeHit): unknown }): void {
  const windows = ageWindows(view, year);
  if (windows.length === 0) return;
  const starts = startsOf(view);
  for (const [from, to] of windows) agesIn(view.slice(from, to), from, starts, year, out);
}

/** The next match of an age pattern in a window (`view`, at `offset` in the text whose starts are `starts`). */
function nextAge(s: Scanner, view: string, starts: (number[] | undefined)[], offset: number): RegExpExecArray | null {
  return s.starts >= 0 ? nextMatchIn(s, view, starts, offset) : nextMatch(s, view);
}

function agesIn(view: string, offset: number, starts: (number[] | undefined)[], year: number, out: { push(hit: AgeHit): unknown }): void {
  for (const p of AGE_PATTERNS) {
    p.scan.re.lastIndex = 0;
    for (let m = nextAge(p.scan, view, starts, offset); m; m = nextAge(p.scan, view, starts, offset)) {
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
      let strength: AgeHit['strength'] = 'strong';
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
        if (p.kind === 'past' || (p.kind !== 'year' && PAST_BEFORE.test(view.slice(Math.max(0, m.index - 40), m.index)))) strength = 'past';
      }
      out.push({ layer: p.kind === 'look' ? 'minor-body' : 'stated-age-under-18', strength, start, end });
    }
  }
}
