import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { MediaStorage } from './lib/media-storage.ts';
import type { RateLimiter } from './lib/rate-limiter.ts';
import type { Redis } from './lib/redis.ts';
import type { AccessTokens } from './modules/auth/access-tokens.ts';
import type { AuthService } from './modules/auth/auth.service.ts';
import type { Csrf } from './modules/auth/csrf.ts';
import type { EmailTokensService } from './modules/auth/email-tokens.service.ts';
import type { GoogleSignIn } from './modules/auth/google.ts';
import type { SessionsService } from './modules/auth/sessions.service.ts';
import type { LedgerService } from './modules/billing/ledger.service.ts';
import type { UsersRepo } from './modules/users/users.repo.ts';
import type { UsersService } from './modules/users/users.service.ts';
import type { Mailer } from './providers/mail/mailer.ts';

/** A provider (LLM, images, mail, payments…) as the health check sees it. */
export interface ProviderHealth {
  name: string;
  kind: string;
  health(): Promise<{ status: 'ok' | 'down' | 'disabled'; detail?: string }>;
}

export interface Services {
  users: UsersRepo;
  account: UsersService;
  auth: AuthService;
  sessions: SessionsService;
  emailTokens: EmailTokensService;
  ledger: LedgerService;
  google: GoogleSignIn;
  mailer: Mailer;
}

/** Everything a request handler may need, built once per app by buildApp. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  redis: Redis | undefined;
  rateLimiter: RateLimiter;
  accessTokens: AccessTokens;
  csrf: Csrf;
  media: MediaStorage;
  services: Services;
  providers: ProviderHealth[];
}

/** Test seams: replace a provider with one that talks to a local peer. */
export interface AppOverrides {
  /** In-memory PGlite: start from a migrated data directory dump (see test/helpers.ts). */
  pgliteTemplate?: Blob;
  google?: GoogleSignIn;
  mailer?: Mailer;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
