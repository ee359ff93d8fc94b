import { runInTurns, runToEnd } from '../../lib/turns.ts';
import { alignedNormalize, originalSpan, type AlignedText } from './aligned.ts';
import { byStart, compileSet, FieldText, NO_HITS, type CompiledSet, type Hit } from './field-text.ts';
import { MinorsPolicy, type MinorsField, type Problem, type ScopeState } from './minors.ts';
import { POLICY_V1 } from './policy-v1.ts';
import { ScopeCuesCache, scopeFromCues, type FieldCues } from './scope-cues.ts';
import { plainPrompt, splitNegative } from './sd-prompt.ts';
import type { BlockedEvent, CheckContext, CheckResult, Detector, PolicyData, PolicyRule, RuleId, Surface } from './types.ts';
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

function parseNumber(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const i = NUMBER_WORDS.indexOf(value);
  return i >= 0 ? i : undefined;
}

/** Rule-and-field checks between two of otherRules' pause points (runInTurns may give the event loop a turn there). */
const STEPS_PER_PAUSE = 8;

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
