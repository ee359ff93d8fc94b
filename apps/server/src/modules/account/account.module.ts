import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { createJobQueue, type JobQueue } from '../../lib/jobs/index.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { Mailer } from '../../providers/mail/index.ts';
import type { MediaStorage } from '../../providers/storage/index.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { EmailTokensService } from '../auth/email-tokens.service.ts';
import type { SessionsService } from '../auth/sessions.service.ts';
import type { NotificationInput } from '../notifications/notifications.service.ts';
import type { TransferService } from '../transfer/transfer.service.ts';
import type { AgeRepo } from '../age/age.repo.ts';
import type { MemoryRepo } from '../memory/memory.repo.ts';
import type { PersonasRepo } from '../personas/personas.repo.ts';
import type { UsersRepo } from '../users/users.repo.ts';
import { AccountDeletionService } from './account-deletion.service.ts';
import { AccountExportService, type AccountExportJob } from './account-export.service.ts';
import type { AccountRepo } from './account.repo.ts';
import { accountRoutes } from './account.routes.ts';

export function createAccountModule(deps: {
  config: Pick<Config, 'publicUrl' | 'redisUrl' | 'redisPrefix' | 'account'>;
  uow: UnitOfWork<{ account: AccountRepo; users: UsersRepo; personas: PersonasRepo; age: AgeRepo; memory: MemoryRepo }>;
  log: FastifyBaseLogger;
  rateLimiter: RateLimiter;
  mailer: Mailer;
  storage: MediaStorage;
  transfer: TransferService;
  auth: AuthService;
  sessions: SessionsService;
  emailTokens: EmailTokensService;
  notify: (userId: string, input: NotificationInput) => Promise<unknown>;
  endStreams: (userId: string) => Promise<void>;
  charactersChanged: () => void;
  /** Test seam: a queue built elsewhere. */
  queue?: JobQueue<AccountExportJob, unknown>;
}) {
  const queue =
    deps.queue ??
    createJobQueue<AccountExportJob, unknown>('account-export', { redisUrl: deps.config.redisUrl, redisPrefix: deps.config.redisPrefix });
  const exports = new AccountExportService({
    ...deps,
    queue,
    publicUrl: deps.config.publicUrl,
    maxBytes: deps.config.account.exportMaxBytes,
  });
  const deletion = new AccountDeletionService({ ...deps, publicUrl: deps.config.publicUrl, delayMs: deps.config.account.deletionDelayMs });
  return {
    services: { exports, deletion },
    routes: accountRoutes({ exports, deletion, rateLimiter: deps.rateLimiter }),
    /** After the export worker stopped (jobs.ts): the queue, which every process holds to add exports. */
    stop: () => queue.close(),
  };
}
