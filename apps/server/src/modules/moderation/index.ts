/**
 * Blocked-content policy. Every place where user or model text enters calls `checkContent` (or a
 * `ModerationPolicy` built with an `onBlocked` logger) before storing, sending or charging anything:
 *
 *   const result = policy.check({ name, description }, { surface: 'character', nsfwContext: nsfw, userId });
 *   if (!result.allowed) → 422 { error: { code: 'CONTENT_BLOCKED', message: result.message,
 *                                  details: { rule, field, problems: [{ field, rule, span, start, end }] } } }
 *
 * `POLICY_V1` (rules with titles and explanations, summary, limitations) is the source of the policy page.
 */
export { ModerationPolicy, checkContent, defaultPolicy, DEFAULT_FIELD_LABELS } from './moderation.ts';
export type { Evaluation, ModerationOptions, PublicRule } from './moderation.ts';
export { MINOR_LAYERS } from './minors.ts';
export type { MinorLayer, Problem, ScopeState } from './minors.ts';
export { POLICY_V1 } from './policy-v1.ts';
export { normalizeText } from './aligned.ts';
export { RULE_IDS, SURFACES } from './types.ts';
export type { BlockedEvent, CheckContext, CheckResult, PolicyData, PolicyRule, RuleId, Surface } from './types.ts';
