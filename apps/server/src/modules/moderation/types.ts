import type { Problem, ScopeState } from './minors.ts';

export const SURFACES = ['character', 'chat-user', 'chat-reply', 'image-prompt', 'profile', 'ticket'] as const;
export type Surface = (typeof SURFACES)[number];

export const RULE_IDS = [
  'minors-sexual',
  'bestiality',
  'incest',
  'real-person-sexual',
  'non-consensual-imagery',
  'sexual-violence-real',
  'necrophilia',
  'sexual-exploitation',
  'self-harm-promotion',
  'violent-extremism',
  'hate-violence',
] as const;
export type RuleId = (typeof RULE_IDS)[number];

export interface TermSet {
  /**
   * Regular-expression sources, matched as whole words against normalised text (lowercase, no diacritics) with
   * leetspeak undone (0→o, 1→i/l, 3→e, 4→a, 5→s, 7→t, @→a, $→s …).
   */
  patterns: string[];
  /** Phrases that make a hit inside them harmless (disclaimers, parental mentions, "sex: female", victim statements). */
  unless?: string[];
  /** A list of full names (content/moderation/<names>.txt, see public-figures.ts) matched beside the patterns. */
  names?: string;
}

/**
 * How hits are combined.
 * - `any`: a hit of any listed set blocks.
 * - `together`: every group needs a hit near the first group's hit. `sentence` = same sentence (≤ 300 chars apart),
 *   `near` = same or neighbouring sentence (≤ 400 chars), `field` = anywhere in the same field, `{ words }` = at most
 *   that many words between the two hits (`sameSentence`: and in one sentence).
 * - `nsfw`: a hit blocks when the caller says the content lives in an NSFW context (an explicit character or chat).
 */
export type Window = 'sentence' | 'near' | 'field' | { words: number; sameSentence?: boolean };
export type Detector =
  | { kind: 'any'; sets: string[]; surfaces?: readonly Surface[] }
  | { kind: 'together'; groups: string[][]; window: Window; surfaces?: readonly Surface[] }
  | { kind: 'nsfw'; sets: string[]; surfaces?: readonly Surface[] };

export interface PolicyRule {
  id: RuleId;
  /** Heading on the blocked-content policy page. */
  title: string;
  /** Completes "blocked by our policy on …" in messages. */
  policyName: string;
  /** Paragraph on the blocked-content policy page, shown word for word. */
  explanation: string;
  detectors: Detector[];
}

export interface PolicyData {
  version: string;
  /** Introductory text for the policy page. */
  summary: string;
  /** What the automatic check cannot do; shown on the policy page and kept honest in code review. */
  limitations: string[];
  rules: PolicyRule[];
  termSets: Record<string, TermSet>;
  /** Field names whose whole value is an age ("age": "16"). */
  ageFieldNames: string[];
}

/**
 * `rule`/`field`/`message` name the first problem (what older clients show); `problems` lists every problem of every
 * field, each with the rule (a policy rule id, or for minors the layer: `stated-age-under-18`, `minor-life-stage`,
 * `minor-body`, `sexual-content`) and the span it matched (start/end in the field as sent).
 */
export type CheckResult = { allowed: true } | { allowed: false; rule: RuleId; field: string; message: string; problems: Problem[] };

export interface CheckContext {
  surface: Surface;
  /**
   * The content is part of something explicit (an NSFW character, an NSFW chat or image). This is the declared rating
   * of the scope: an imported card is checked as its own rating says, and a card without one as not explicit.
   */
  nsfwContext?: boolean;
  /** What the conversation (or other scope) has established before this text: see `ModerationPolicy.scopeOf`. */
  scope?: ScopeState;
  /** Only used for the block log and the record of refusals ("Ask for review" cites one). */
  userId?: string;
  /** The character the checked card or chat belongs to, kept with the refusal. */
  characterId?: string;
  /** Human names for field keys in messages, e.g. { firstMes: 'greeting' }. */
  fieldLabels?: Record<string, string>;
}

export interface BlockedEvent {
  rule: RuleId;
  field: string;
  surface: Surface;
  policyVersion: string;
  userId?: string;
  /** Every problem's rule, field and position (never the text). */
  problems?: { field: string; rule: string; start: number; end: number }[];
}
