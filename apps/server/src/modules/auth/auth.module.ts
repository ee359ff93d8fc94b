import type { Config } from '../../config.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { GoogleSignIn } from '../../providers/google/index.ts';
import type { Mailer } from '../../providers/mail/index.ts';
import type { LedgerService } from '../billing/billing.service.ts';
import type { UsersRepo } from '../users/users.repo.ts';
import type { AccessTokens } from './access-tokens.ts';
import type { EmailTokensRepo, SessionsRepo } from './auth.repo.ts';
import { authRoutes } from './auth.routes.ts';
import { AuthService } from './auth.service.ts';
import type { Csrf } from './csrf.ts';
import { EmailTokensService } from './email-tokens.service.ts';
import { SessionsService } from './sessions.service.ts';

export function createAuthModule(deps: {
  config: Pick<Config, 'publicUrl' | 'requireEmailVerification' | 'google' | 'paymentsMode'>;
  uow: UnitOfWork<{ users: UsersRepo; sessions: SessionsRepo; emailTokens: EmailTokensRepo }>;
  rateLimiter: RateLimiter;
  accessTokens: AccessTokens;
  csrf: Csrf;
  mailer: Mailer;
  google: GoogleSignIn;
  ledger: LedgerService;
}) {
  const sessions = new SessionsService(deps.uow, deps.accessTokens);
  const emailTokens = new EmailTokensService(deps.uow);
  const auth = new AuthService({ ...deps, sessions, emailTokens });
  return {
    services: { auth, sessions, emailTokens },
    routes: authRoutes({ config: deps.config, auth, sessions, csrf: deps.csrf, rateLimiter: deps.rateLimiter }),
  };
}
