import { runInTurns, runToEnd } from '../../lib/turns.ts';
import { alignedNormalize, originalSpan, type AlignedText } from './aligned.ts';
import { MinorsPolicy, type MinorsField, type Problem, type ScopeState } from './minors.ts';
import { undoLeet, type NormalizedText } from './normalize.ts';
import { POLICY_V1 } from './policy-v1.ts';
import { ScopeCuesCache, scopeFromCues, type FieldCues } from './scope-cues.ts';
import { nameList, type NameIndex } from './public-figures.ts';
import { countBelow, nextMatch, scanner, sentenceEnds, spansOf, wordStarts, WORD_START, type Scanner } from './scan.ts';
import { plainPrompt, splitNegative } from './sd-prompt.ts';
import type {
  BlockedEvent,
  CheckContext,
  CheckResult,
  Detector,
  PolicyData,
  PolicyRule,
  RuleId,
  Surface,
  TermSet,
  Window,
} from './types.ts';
import { RULE_IDS } from './types.ts';

const NUMBER_WORDS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
/** Hits kept per term set and field; bounds memory on adversarial texts (a 10,000-char field has fewer words). */
const MAX_HITS = 4000;
const SENTENCE_GAP = 300;
const NEAR_GAP = 400;
/** Characters per word allowed when a window is counted in words (bounds the search, not the meaning). */
const WORD_REACH = 40;
const MAX_HIT_SPAN = 300;
/** Rule-and-field checks between two of otherRules' pause points (runInTurns may give the event loop a turn there). */
const STEPS_PER_PAUSE = 8;

interface CompiledSet {
  id: string;
  /** Its place among the policy's sets: a field keeps its hits per set in an array at this index. */
  index: number;
  /** Every pattern of the set in one alternation: a term set costs one pass over a text. */
  scan: Scanner;
  unless: RegExp[];
  names?: NameIndex;
  patternless?: boolean;
}
interface Hit {
  start: number;
  end: number;
}

function parseNumber(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const i = NUMBER_WORDS.indexOf(value);
  return i >= 0 ? i : undefined;
}

function compileSet(id: string, index: number, set: TermSet): CompiledSet {
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
  const compiled: CompiledSet = { id, index, scan: compile(source, true), unless: (set.unless ?? []).map((u) => new RegExp(u, 'gu')) };
  if (set.names) compiled.names = nameList(set.names);
  if (set.patterns.length === 0) compiled.patternless = true;
  return compiled;
}

/** No hit: shared by every field and set that has none (never written to). */
const NO_HITS: Hit[] = Object.freeze([]) as unknown as Hit[];
const byPosition = (a: Hit, b: Hit) => a.start - b.start || a.end - b.end;
const byStart = (a: Hit, b: Hit) => a.start - b.start;

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
class FieldText {
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

function humanise(field: string): string {
  return field
    .replace(/\[\d+\]|\.\d+/g, '')
    .replace(/[_.-]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
}

export const DEFAULT_FIELD_LABELS: Record<string, string> = {
  firstMes: 'greeting',
  first_mes: 'greeting',
  mesExample: 'example dialogue',
  mes_example: 'example dialogue',
  alternateGreetings: 'alternate greetings',
  groupOnlyGreetings: 'group greetings',
  postHistoryInstructions: 'post-history instructions',
  characterBook: 'lorebook',
};

export interface ModerationOptions {
  /** Called once per blocked check. Never receives the text itself. */
  onBlocked?: (event: BlockedEvent) => void;
  /** Today's date, for birth years (tests pin it). */
  now?: () => Date;
}

export interface PublicRule {
  id: RuleId;
  title: string;
  explanation: string;
}

/** A check's full answer: the verdict plus whether it lies in the band an LLM judge may look at. */
export interface Evaluation {
  problems: Problem[];
  /** Not blocked by the rules, but a weak minor cue or a past age shares a field with sexual content. */
  ambiguous: boolean;
}

const SCOPE_FIELD_LABEL = 'earlier in this conversation';

export class ModerationPolicy {
  readonly version: string;
  private readonly sets = new Map<string, CompiledSet>();
  private readonly rules: PolicyRule[];
  private readonly ageFieldNames: Set<string>;
  private readonly orders = new Map<Detector, number[]>();
  readonly minors: MinorsPolicy;
  private readonly scopeCues = new ScopeCuesCache();

  constructor(
    private readonly data: PolicyData = POLICY_V1,
    private readonly options: ModerationOptions = {},
  ) {
    this.version = data.version;
    for (const [id, set] of Object.entries(data.termSets)) this.sets.set(id, compileSet(id, this.sets.size, set));
    for (const rule of data.rules) {
      for (const d of rule.detectors) {
        const ids = d.kind === 'together' ? d.groups.flat() : d.sets;
        for (const id of ids) {
          if (!this.sets.has(id)) throw new Error(`Moderation rule "${rule.id}" uses unknown term set "${id}"`);
        }
      }
    }
    this.rules = data.rules;
    this.ageFieldNames = new Set(data.ageFieldNames.map((n) => n.toLowerCase()));
    this.minors = new MinorsPolicy({
      sexualExplicit: data.termSets.sexualExplicit!,
      sexualSuggestive: data.termSets.sexualSuggestive!,
      now: options.now,
    });
  }

  /** Rules for the blocked-content policy page, in the order they are applied. */
  get publicRules(): PublicRule[] {
    return this.rules.map(({ id, title, explanation }) => ({ id, title, explanation }));
  }

  get summary(): string {
    return this.data.summary;
  }

  get limitations(): string[] {
    return this.data.limitations;
  }

  rule(id: RuleId): PolicyRule | undefined {
    return this.rules.find((r) => r.id === id);
  }

  /** Whether every field passes, without reporting a block (a caller that checks again, reporting, before it acts). */
  allows(fields: Record<string, string | undefined>, context: CheckContext): boolean {
    return this.evaluate(fields, context).problems.length === 0;
  }

  /**
   * Every problem of the fields at once (rule + matched span per problem), and whether the text lies in the ambiguous
   * band. Does not report a block; `check` does.
   */
  evaluate(fields: Record<string, string | undefined>, context: CheckContext): Evaluation {
    return runToEnd(this.evaluation(fields, context));
  }

  /**
   * `evaluate` for large inputs (a whole imported chat, #47.4): the same steps and the same answer, with the event
   * loop given a turn whenever a slice of them has run for `sliceMs`.
   */
  evaluateInTurns(fields: Record<string, string | undefined>, context: CheckContext): Promise<Evaluation> {
    return runInTurns(this.evaluation(fields, context));
  }

  /** evaluate's steps; it yields between fields (and between rules), the points where a caller may pause. */
  private *evaluation(fields: Record<string, string | undefined>, context: CheckContext): Generator<void, Evaluation> {
    const read = yield* this.read(fields, context);
    const minors = this.minors.judge(read.minors, { surface: context.surface, nsfw: context.nsfwContext === true, scope: context.scope });
    const problems: Problem[] = [];
    if (minors.problems.length > 0) problems.push(...minors.problems.map((p) => ({ ...p, field: this.scopeField(p.field, fields) })));
    const ageField = context.surface === 'ticket' ? undefined : this.minorAgeField(read.texts, context);
    if (ageField) problems.push({ field: ageField.field, rule: 'stated-age-under-18', ...ageField.span });
    problems.push(...(yield* this.otherRules(read.texts, context)));
    return { problems, ambiguous: problems.length === 0 && minors.ambiguous };
  }

  check(fields: Record<string, string | undefined>, context: CheckContext): CheckResult {
    return this.report(this.evaluate(fields, context).problems, context);
  }

  /** Turns problems into a verdict and reports a block (`onBlocked`). */
  report(problems: Problem[], context: CheckContext): CheckResult {
    if (problems.length === 0) return { allowed: true };
    // The field named first is one the caller sent (a conversation's earlier cue is only a reason).
    const first = problems.find((p) => p.field !== SCOPE_FIELD_LABEL) ?? problems[0]!;
    const ruleId: RuleId = (RULE_ID_SET.has(first.rule) ? first.rule : 'minors-sexual') as RuleId;
    const rule = this.rule(ruleId)!;
    const label = context.fieldLabels?.[first.field] ?? DEFAULT_FIELD_LABELS[first.field] ?? humanise(first.field);
    const message = `The ${label} was blocked by our policy on ${rule.policyName} (rule: ${rule.id}).`;
    if (this.options.onBlocked) {
      const event: BlockedEvent = {
        rule: rule.id,
        field: first.field,
        surface: context.surface,
        policyVersion: this.version,
        problems: problems.map(({ field, rule: r, start, end }) => ({ field, rule: r, start, end })),
      };
      if (context.userId !== undefined) event.userId = context.userId;
      try {
        this.options.onBlocked(event);
      } catch {
        // A failing log must not turn a block into an error page.
      }
    }
    return { allowed: false, rule: rule.id, field: first.field, message, problems };
  }

  /** What stored texts establish for a scope (a conversation: card, memory summary, pinned facts, messages). */
  scopeOf(
    fields: Record<string, string | undefined>,
    context: { surface: Surface; nsfwContext?: boolean; recent?: (field: string) => boolean },
  ): ScopeState {
    const state = scopeFromCues(this.cuesOf(fields, context.surface), context.nsfwContext === true, context.recent ?? (() => true));
    // A scope's cue is shown as "earlier in this conversation", with the span that set it.
    if (state.minor) state.minor = { ...state.minor, field: SCOPE_FIELD_LABEL };
    if (state.explicit) state.explicit = { ...state.explicit, field: SCOPE_FIELD_LABEL };
    if (state.recent) state.recent = { ...state.recent, field: SCOPE_FIELD_LABEL };
    return state;
  }

  /** Each text's cues, kept across calls (scope-cues.ts): a conversation's texts are read again for every message. */
  private cuesOf(fields: Record<string, string | undefined>, surface: Surface): { field: string; cues: FieldCues }[] {
    if (surface === 'image-prompt') {
      return runToEnd(this.read(fields, { surface })).minors.map((f) => ({ field: f.field, cues: this.minors.cuesOf(f) }));
    }
    const year = this.minors.year();
    const out: { field: string; cues: FieldCues }[] = [];
    for (const [field, value] of Object.entries(fields)) {
      if (typeof value !== 'string' || value.trim() === '') continue;
      const cues = this.scopeCues.get(value, year, () => this.minors.cuesOf(this.minors.read(field, alignedNormalize(value), surface)));
      out.push({ field, cues });
    }
    return out;
  }

  private scopeField(field: string, fields: Record<string, string | undefined>): string {
    return field in fields ? field : SCOPE_FIELD_LABEL;
  }

  private *read(fields: Record<string, string | undefined>, context: Pick<CheckContext, 'surface'>) {
    const texts = new Map<string, FieldText>();
    const minors: MinorsField[] = [];
    const image = context.surface === 'image-prompt';
    for (const [name, value] of Object.entries(fields)) {
      yield;
      if (typeof value !== 'string' || value.trim() === '') continue;
      if (!image) {
        const text = new FieldText(value);
        texts.set(name, text);
        minors.push(this.minors.read(name, text.aligned, context.surface));
        continue;
      }
      // Image prompts: SD syntax undone first; a negative prompt is read only for the inverted minor cue.
      if (/negative/i.test(name)) {
        minors.push(this.minors.read(name, alignedPlain(value, 0, value), context.surface, 'negative'));
        continue;
      }
      const { positive, negative } = splitNegative(value);
      const aligned = alignedPlain(positive, 0, value);
      const text = new FieldText(value, aligned);
      texts.set(name, text);
      minors.push(this.minors.read(name, aligned, context.surface));
      if (negative !== undefined) {
        const offset = value.length - negative.length;
        minors.push(this.minors.read(name, alignedPlain(negative, offset, value), context.surface, 'negative'));
      }
    }
    return { texts, minors };
  }

  /** Every rule except minors (handled in layers by MinorsPolicy): one problem per rule and field, with the span. */
  private *otherRules(texts: Map<string, FieldText>, context: CheckContext): Generator<void, Problem[]> {
    const problems: Problem[] = [];
    const fields = [...texts];
    let steps = 0;
    for (const rule of this.rules) {
      if (rule.id === 'minors-sexual') continue;
      for (const [field, text] of fields) {
        // A pause point every few rules and fields: each step of a generator allocates, and one rule on a field of a
        // few KB takes microseconds.
        if (++steps % STEPS_PER_PAUSE === 0) yield;
        for (const detector of rule.detectors) {
          if (!applies(detector, context.surface)) continue;
          const hit = this.matches(detector, text, context);
          if (hit) {
            problems.push({ field, rule: rule.id, ...originalSpan(text.aligned, hit.start, hit.end) });
            break;
          }
        }
      }
    }
    return problems;
  }

  /** A field that is only an age ("age": "16") on an explicit record, or next to explicit text in another field. */
  private minorAgeField(
    texts: Map<string, FieldText>,
    context: CheckContext,
  ): { field: string; span: ReturnType<typeof originalSpan> } | undefined {
    for (const [field, text] of texts) {
      if (!this.ageFieldNames.has(field.toLowerCase())) continue;
      const value = parseNumber(text.norm.base.trim().replace(/\s*(?:years?\s*old|yo|y\/o)$/, ''));
      if (value === undefined || value >= 18) continue;
      const explicit = this.sets.get('sexualExplicit');
      if (context.nsfwContext || (explicit && [...texts.values()].some((t) => t.hitsOf(explicit).length > 0))) {
        return { field, span: originalSpan(text.aligned, 0, text.aligned.text.length) };
      }
    }
    return undefined;
  }

  private hits(text: FieldText, ids: string[]): Hit[] {
    if (ids.length === 1) return text.hitsOf(this.sets.get(ids[0]!)!);
    let merged: Hit[] | undefined;
    for (const id of ids) {
      const found = text.hitsOf(this.sets.get(id)!);
      if (found.length > 0) (merged ??= []).push(...found);
    }
    return merged ? merged.sort(byStart) : NO_HITS;
  }

  /** The order a detector's groups are looked up in: lists of names last (computed once per detector). */
  private groupOrder(detector: Extract<Detector, { kind: 'together' }>): number[] {
    let order = this.orders.get(detector);
    if (!order) {
      const names = (ids: string[]) => ids.filter((id) => this.sets.get(id)!.names).length;
      order = detector.groups.map((_, i) => i).sort((a, b) => names(detector.groups[a]!) - names(detector.groups[b]!));
      this.orders.set(detector, order);
    }
    return order;
  }

  /** The hit (of the first group) that makes the detector match, if any. */
  private matches(detector: Detector, text: FieldText, context: CheckContext): Hit | undefined {
    switch (detector.kind) {
      case 'any':
        return this.hits(text, detector.sets)[0];
      case 'nsfw':
        return context.nsfwContext === true ? this.hits(text, detector.sets)[0] : undefined;
      case 'together': {
        if (detector.groups.length === 0) return undefined;
        // Group by group, stopping at the first without a hit; lists of names are looked up last (they cost most).
        const groups = detector.groups;
        const hits = new Array<Hit[]>(groups.length);
        for (const i of this.groupOrder(detector)) {
          hits[i] = this.hits(text, groups[i]!);
          if (hits[i]!.length === 0) return undefined;
        }
        // The first group's first hit with a hit of every other group close to it.
        outer: for (const h0 of hits[0]!) {
          for (let g = 1; g < hits.length; g++) if (!text.anyClose(h0, hits[g]!, detector.window)) continue outer;
          return h0;
        }
        return undefined;
      }
    }
  }
}

const RULE_ID_SET: ReadonlySet<string> = new Set(RULE_IDS);

/** An image prompt's text with SD syntax blanked, aligned to the whole field (`offset` = where `part` starts in it). */
function alignedPlain(part: string, offset: number, whole: string): AlignedText {
  const aligned = alignedNormalize(plainPrompt(part));
  if (!offset) return { ...aligned, original: whole };
  const map = aligned.map ?? Array.from({ length: aligned.text.length }, (_, i) => i);
  return { ...aligned, map: map.map((i) => i + offset), original: whole };
}

function applies(detector: Detector, surface: Surface): boolean {
  return !detector.surfaces || detector.surfaces.includes(surface);
}

/** The policy in force, without a block log. The app builds its own instance with `onBlocked` wired to its logger. */
export const defaultPolicy = new ModerationPolicy();

export function checkContent(fields: Record<string, string | undefined>, context: CheckContext): CheckResult {
  return defaultPolicy.check(fields, context);
}
