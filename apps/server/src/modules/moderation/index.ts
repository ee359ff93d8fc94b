export { ModerationPolicy, checkContent, isLikelyMinorAge, defaultPolicy, DEFAULT_FIELD_LABELS } from './moderation.ts';
export type { ModerationOptions, PublicRule } from './moderation.ts';
export { POLICY_V1 } from './policy-v1.ts';
export { normalizeText, normalizeBase } from './normalize.ts';
export { RULE_IDS, SURFACES } from './types.ts';
export type { BlockedEvent, CheckContext, CheckResult, PolicyData, PolicyRule, RuleId, Surface } from './types.ts';
