import type { FastifyBaseLogger } from 'fastify';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { AppModule } from '../../deps.ts';
import type { BackgroundTasks } from '../../lib/background.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { AuditRepo } from './audit.repo.ts';
import { AuditLog } from './audit.service.ts';
import type { ComplianceConfig } from './compliance.config.ts';
import type { CrisisRepo } from './crisis.repo.ts';
import { DEFAULT_CRISIS_RESOURCES } from './crisis-resources.ts';
import { CrisisProtocol } from './crisis.service.ts';
import { LlmJudge, type LlmJudgeConfig } from './llm-judge.ts';
import type { ModerationRepo } from './moderation.repo.ts';
import { moderationRoutes } from './moderation.routes.ts';
import { ModerationService, type Refusal } from './moderation.service.ts';
import { ModerationQueue, type Notify } from './queue.service.ts';
import { ReportsService } from './reports.service.ts';
import type { SubjectsRepo } from './subjects.repo.ts';
import { characterResolver, messageResolver, SubjectRegistry, userResolver } from './subjects.ts';

/**
 * The blocked-content policy (handed to every module that takes content), user reports, the moderation queue every
 * report, removal request, block and ticket lands in, and the audit log of moderators' actions.
 */
export function createModerationModule(deps: {
  uow: UnitOfWork<{ moderation: ModerationRepo; audit: AuditRepo; subjects: SubjectsRepo; crisis: CrisisRepo }>;
  log: FastifyBaseLogger;
  background: BackgroundTasks;
  rateLimiter: RateLimiter;
  notify: Notify;
  config?: { moderationLlm?: LlmJudgeConfig; compliance?: ComplianceConfig };
}) {
  // A conversation's cues are kept outside the request's transaction, after the check (which never waits for it).
  // Refusals of a person's own text are kept the same way (what "Ask for review" cites); a review asked at once waits
  // for its refusal's write.
  const refusalWrites = new Map<string, Promise<void>>();
  const keepRefusal = (refusal: Refusal) => {
    const written = new Promise<void>((resolve) =>
      deps.uow.outside(() =>
        deps.background.run('keep-refusal', async () => {
          try {
            await deps.uow.repos.moderation.insertRefusal(refusal);
          } finally {
            refusalWrites.delete(refusal.id);
            resolve();
          }
        }),
      ),
    );
    refusalWrites.set(refusal.id, written);
  };
  // One judge for both: the blocked-content check's ambiguous band (S4) and the crisis protocol's (S11).
  const judge = deps.config?.moderationLlm ? new LlmJudge(deps.config.moderationLlm) : undefined;
  const moderation = new ModerationService(
    deps.log,
    judge,
    (conversationId, scope) =>
      deps.uow.outside(() =>
        deps.background.run('conversation-scope', () => deps.uow.repos.moderation.rememberScope(conversationId, scope)),
      ),
    keepRefusal,
  );
  const crisis = new CrisisProtocol({
    ...deps,
    resources: deps.config?.compliance?.crisisResources ?? DEFAULT_CRISIS_RESOURCES,
    judge,
  });
  const audit = new AuditLog(deps.uow);
  const queue = new ModerationQueue({ uow: deps.uow, audit, notify: deps.notify });
  const subjects = new SubjectRegistry();
  subjects.register('character', characterResolver(deps.uow));
  subjects.register('message', messageResolver(deps.uow));
  subjects.register('user', userResolver(deps.uow));
  // Blocks land in the review queue after the refusal was sent (the event holds rule, field and account, never text),
  // outside the refused request's transaction, which rolls back.
  moderation.onBlocked((event) =>
    deps.uow.outside(() => deps.background.run('queue-blocked', async () => void (await queue.addBlocked(event)))),
  );
  const reports = new ReportsService({
    uow: deps.uow,
    subjects,
    queue,
    moderation,
    refusalWritten: (id) => refusalWrites.get(id) ?? Promise.resolve(),
  });
  return {
    services: { moderation, audit, queue, subjects, reports, crisis },
    routes: moderationRoutes({ reports, rateLimiter: deps.rateLimiter }),
  } satisfies AppModule;
}
