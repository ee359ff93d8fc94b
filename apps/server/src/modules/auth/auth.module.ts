import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { BackgroundTasks } from '../../lib/background.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { Redis } from '../../lib/redis.ts';
import type { GoogleSignIn } from '../../providers/google/index.ts';
import type { Mailer } from '../../providers/mail/index.ts';
import type { LedgerService } from '../billing/ledger.service.ts';
import type { UsersRepo } from '../users/users.repo.ts';
import type { AccessTokens } from './access-tokens.ts';
import type { EmailTokensRepo, SessionsRepo } from './auth.repo.ts';
import { authRoutes } from './auth.routes.ts';
import { AuthService } from './auth.service.ts';
import type { Csrf } from './csrf.ts';
import { AccountGate } from './account-gate.ts';
import { CurrentUsers } from './current-users.ts';
import { EmailTokensService } from './email-tokens.service.ts';
import { LoginProtection } from './login-protection.ts';
import { SessionStatusCache } from './session-status.ts';
import { SessionsService } from './sessions.service.ts';

export function createAuthModule(deps: {
  config: Pick<Config, 'publicUrl' | 'requireEmailVerification' | 'google' | 'sandboxTopUp' | 'env' | 'redisPrefix' | 'adminEmails'>;
  log: FastifyBaseLogger;
  uow: UnitOfWork<{ users: UsersRepo; sessions: SessionsRepo; emailTokens: EmailTokensRepo }>;
  redis: Redis | undefined;
  rateLimiter: RateLimiter;
  background: BackgroundTasks;
  accessTokens: AccessTokens;
  csrf: Csrf;
  mailer: Mailer;
  google: GoogleSignIn;
  ledger: LedgerService;
}) {
  const status = new SessionStatusCache(
    (familyId) => deps.uow.repos.sessions.isFamilyActive(familyId),
    deps.redis ? { redis: deps.redis, prefix: deps.config.redisPrefix, log: deps.log } : undefined,
  );
  const gate = new AccountGate(deps.config.adminEmails, deps.uow);
  const sessions = new SessionsService(deps.uow, deps.accessTokens, status, gate);
  const emailTokens = new EmailTokensService(deps.uow);
  const loginProtection = new LoginProtection(deps.rateLimiter);
  const currentUsers = new CurrentUsers((id) => deps.uow.repos.users.findById(id));
  const auth = new AuthService({ ...deps, sessions, emailTokens, loginProtection, gate, currentUsers });
  return {
    services: { auth, sessions, sessionStatus: status, emailTokens, loginProtection, gate, currentUsers },
    routes: authRoutes({ config: deps.config, auth, sessions, csrf: deps.csrf, rateLimiter: deps.rateLimiter }),
  };
}
