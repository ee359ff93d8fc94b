/**
 * The minors policy (rule `minors-sexual`), in named layers:
 *
 * - `stated-age-under-18` (minor-ages.ts): an age under 18 however it is written (digits, split digits "1 5", words in seven
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
  SEXUAL_CJK,
  SEXUAL_EXPLICIT_INTL,
  SEXUAL_SUGGESTIVE_INTL,
} from './minors-terms.ts';
import { readAges } from './minor-ages.ts';
import { adultOnlyParts, childNames, partIndex, partsOf, type Part } from './parts.ts';
import { LIFE_STAGE_STRONG_CJK_V3, LIFE_STAGE_STRONG_V3, PAST_LIFE_BEFORE, PAST_LIFE_STAGE_UNLESS } from './minors-terms-v3.ts';
import type { FieldCues } from './scope-cues.ts';
import { countBelow, eachMatch, scanner, sentenceEnds, spansOf, wordStarts, WORD_START, type Scanner } from './scan.ts';
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
/** Words that take a life-stage cue back at once ("A girl? No: a 30-year-old woman"). */
const CORRECTED = new RegExp(foldSource(CORRECTED_CUE), 'uy');

function compileList(sources: string[], bounded: boolean): Scanner {
  const body = sources.map((s) => `(?:${foldSource(s)})`).join('|');
  return scanner(bounded ? `${B}(?:${body})${E}` : `(?:${body})`, 'gu', true);
}

interface ListSpec {
  scan: Scanner;
  unless?: Scanner[];
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
    const unless = (sources: string[] | undefined) => (sources ?? []).map((u) => scanner(foldSource(u), 'gu', true));
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
      readAges(view, this.year(), hits);
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
      ticketProblems(fields, add);
      return { problems, ambiguous: false };
    }

    for (const f of fields) {
      const sex = f.hits.filter(sexualHit);
      if (sex.length === 0) continue;
      for (const c of f.hits) {
        if (sexualHit(c)) continue;
        const window = windowOf(c, context.surface);
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

/** A support ticket may describe what it reports: only an explicit description with a minor in it is refused. */
function ticketProblems(fields: MinorsField[], add: (f: MinorsField, h: Hit) => void): void {
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
}

/** How many words from sexual content a cue counts as near it (an image prompt is one scene: any distance). */
function windowOf(c: Hit, surface: Surface): number {
  if (c.strength === 'strong') return STRONG_WINDOW;
  if (c.strength === 'past') return PAST_WINDOW;
  return surface === 'image-prompt' ? Infinity : WEAK_WINDOW;
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
