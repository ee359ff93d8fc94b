// The one entry point every module calls before storing, sending or charging for content (characters, chat both
// ways, image prompts, profile text, tickets). Wraps the policy with the app's block log and listeners (the
// moderation queue subscribes to blocks); the policy itself stays pure data + matching (moderation.ts).
import { createHash, randomUUID } from 'node:crypto';
import type { UnprocessableDetails } from '@reverie/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { RefusalProblem } from './moderation.repo.ts';
import { AppError } from '../../lib/app-error.ts';
import { LlmJudge, type LlmJudgeConfig } from './llm-judge.ts';
import { ModerationPolicy } from './moderation.ts';
import type { ScopeState } from './minors.ts';
import type { BlockedEvent, CheckContext, CheckResult, Surface } from './types.ts';

export type BlockListener = (event: BlockedEvent) => void;
/** Keeps cues of a conversation's scope (in the background: a check never waits for it). */
export type ScopeKeeper = (conversationId: string, scope: ScopeState) => void;
/** A refusal of a person's own text, to be kept (in the background) for "Ask for review" to cite. */
export interface Refusal {
  id: string;
  userId: string;
  surface: Surface;
  characterId: string | null;
  problems: RefusalProblem[];
}
export type RefusalKeeper = (refusal: Refusal) => void;

/** The hash a refusal keeps of a problem's words (see RefusalProblem). */
export const spanHash = (span: string) => createHash('sha256').update(span).digest('hex');

export class ModerationService {
  readonly policy: ModerationPolicy;
  private readonly listeners: BlockListener[] = [];

  private readonly judge: LlmJudge | undefined;

  constructor(
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
    judge?: LlmJudgeConfig | LlmJudge,
    private readonly keepScope?: ScopeKeeper,
    private readonly keepRefusal?: RefusalKeeper,
  ) {
    this.judge = judge instanceof LlmJudge ? judge : judge ? new LlmJudge(judge) : undefined;
    this.policy = new ModerationPolicy(undefined, {
      onBlocked: (event) => {
        // Rule, field, surface and user only: the text of blocked (or allowed) content is never logged.
        log.warn({ moderation: event }, 'content blocked by policy');
        for (const listener of this.listeners) {
          try {
            listener(event);
          } catch (err) {
            log.warn({ err }, 'a moderation block listener failed');
          }
        }
      },
    });
  }

  /** Subscribe to blocks (e.g. to put them in the review queue). Listeners run synchronously; keep them cheap. */
  onBlocked(listener: BlockListener): void {
    this.listeners.push(listener);
  }

  /** The verdict without throwing (model replies are replaced by a notice rather than refused). */
  check(fields: Record<string, string | undefined>, context: CheckContext): CheckResult {
    return this.policy.check(fields, context);
  }

  /** Whether the fields pass, without reporting a block (see `ModerationPolicy.allows`). */
  allows(fields: Record<string, string | undefined>, context: CheckContext): boolean {
    return this.policy.allows(fields, context);
  }

  /**
   * Throws 422 CONTENT_BLOCKED when any field breaks the policy. The message names the first rule and field; `details`
   * carries `{ rule, field }` (older clients) and `problems`: every problem at once, each with its rule and span.
   */
  assertAllowed(fields: Record<string, string | undefined>, context: CheckContext): void {
    const result = this.policy.check(fields, context);
    if (!result.allowed) throw this.refused(result, context);
  }

  /** `assertAllowed` for large inputs (a whole imported chat): the same verdict, the event loop free every few ms. */
  async assertAllowedInTurns(fields: Record<string, string | undefined>, context: CheckContext): Promise<void> {
    const evaluation = await this.policy.evaluateInTurns(fields, context);
    const result = this.policy.report(evaluation.problems, context);
    if (!result.allowed) throw this.refused(result, context);
  }

  /** The 422 for a refusal; a person's own text refused is kept as a refusal they can ask a review of (its id). */
  private refused(result: Extract<CheckResult, { allowed: false }>, context: CheckContext): AppError {
    if (!this.keepRefusal || context.userId === undefined || context.surface === 'ticket') return blockedError(result);
    const refusal: Refusal = {
      id: randomUUID(),
      userId: context.userId,
      surface: context.surface,
      characterId: context.characterId ?? null,
      problems: result.problems.map(({ field, rule, start, end, span }) => ({ field, rule, start, end, spanHash: spanHash(span) })),
    };
    try {
      this.keepRefusal(refusal);
    } catch (err) {
      this.log.warn({ err }, 'a refusal could not be kept');
      return blockedError(result);
    }
    return blockedError(result, refusal.id);
  }

  /**
   * `assertAllowed` plus the optional LLM judge for the ambiguous band (for callers that can wait for it: creating,
   * editing and importing characters). Without a judge it is `assertAllowed`.
   */
  async assertAllowedJudged(fields: Record<string, string | undefined>, context: CheckContext): Promise<void> {
    const evaluation = this.policy.evaluate(fields, context);
    if (evaluation.problems.length > 0 || !evaluation.ambiguous || !this.judge) {
      const result = this.policy.report(evaluation.problems, context);
      if (!result.allowed) throw this.refused(result, context);
      return;
    }
    const text = Object.entries(fields)
      .filter(([, v]) => typeof v === 'string' && v.trim() !== '')
      .map(([k, v]) => `${k}: ${v}`)
      .join('\n');
    const verdict = await this.judge.judge(text.slice(0, 8000));
    if (verdict.kind === 'safe' || (verdict.kind === 'unsafe' && !verdict.categories.includes('S4'))) return;
    if (verdict.kind === 'unavailable')
      this.log.warn({ moderation: { judge: verdict.reason } }, 'moderation judge unavailable, failing closed');
    // The judge names no span: the problem points at the whole first field, with the judge's rule name.
    const [field, value] = Object.entries(fields).find(([, v]) => typeof v === 'string' && v.trim() !== '')!;
    const rule = verdict.kind === 'unsafe' ? 'llm-judge-s4' : 'llm-judge-unavailable';
    const result = this.policy.report([{ field, rule, span: value!.slice(0, 120), start: 0, end: Math.min(120, value!.length) }], context);
    if (!result.allowed) throw this.refused(result, context);
  }

  /** What stored texts of a scope establish (a conversation's card, memory summary, pinned facts and messages). */
  scopeOf(
    fields: Record<string, string | undefined>,
    context: { surface: Surface; nsfwContext?: boolean; recent?: (field: string) => boolean },
  ): ScopeState {
    return this.policy.scopeOf(fields, context);
  }

  /** Keeps cues a conversation established (first seen wins), so they hold after their messages scroll away. */
  rememberScope(conversationId: string, scope: ScopeState): void {
    this.keepScope?.(conversationId, scope);
  }
}

/** 422 CONTENT_BLOCKED; `refusalId` names the kept refusal that "Ask for review" cites. */
export function blockedError(result: Extract<CheckResult, { allowed: false }>, refusalId?: string): AppError {
  const details: UnprocessableDetails = { rule: result.rule, field: result.field, problems: result.problems };
  if (refusalId) details.refusalId = refusalId;
  return new AppError(422, 'CONTENT_BLOCKED', result.message, { details });
}
