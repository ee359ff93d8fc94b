// The one entry point every module calls before storing, sending or charging for content (characters, chat both
// ways, image prompts, profile text, tickets). Wraps the policy with the app's block log and listeners (the
// moderation queue subscribes to blocks); the policy itself stays pure data + matching (moderation.ts).
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { ModerationPolicy } from './moderation.ts';
import type { BlockedEvent, CheckContext, CheckResult } from './types.ts';

export type BlockListener = (event: BlockedEvent) => void;

export class ModerationService {
  readonly policy: ModerationPolicy;
  private readonly listeners: BlockListener[] = [];

  constructor(log: Pick<FastifyBaseLogger, 'warn'>) {
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

  /** Throws 422 CONTENT_BLOCKED `{ rule, field }` when any field breaks the policy; the message names rule and field only. */
  assertAllowed(fields: Record<string, string | undefined>, context: CheckContext): void {
    const result = this.policy.check(fields, context);
    if (!result.allowed) {
      throw new AppError(422, 'CONTENT_BLOCKED', result.message, { details: { rule: result.rule, field: result.field } });
    }
  }
}
