// Wires repositories, services and providers together once per app.
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { AppOverrides, Services } from './context.ts';
import type { Db } from './db/client.ts';
import type { MediaStorage } from './lib/media-storage.ts';
import type { RateLimiter } from './lib/rate-limiter.ts';
import type { AccessTokens } from './modules/auth/access-tokens.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { EmailTokensService } from './modules/auth/email-tokens.service.ts';
import { createGoogleSignIn } from './modules/auth/google.ts';
import { SessionsService } from './modules/auth/sessions.service.ts';
import { LedgerService } from './modules/billing/ledger.service.ts';
import { UsersRepo } from './modules/users/users.repo.ts';
import { UsersService } from './modules/users/users.service.ts';
import { createMailer } from './providers/mail/mailer.ts';

export function createServices(opts: {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  accessTokens: AccessTokens;
  media: MediaStorage;
  rateLimiter: RateLimiter;
  overrides?: AppOverrides;
}): Services {
  const { config, db, log, accessTokens, media, rateLimiter, overrides } = opts;
  const users = new UsersRepo(db);
  const sessions = new SessionsService(db, accessTokens);
  const emailTokens = new EmailTokensService(db);
  const ledger = new LedgerService(db);
  const google = overrides?.google ?? createGoogleSignIn(config.google);
  const mailer =
    overrides?.mailer ?? createMailer({ smtpUrl: config.mail.smtpUrl, from: config.mail.from, db, dataDir: config.dataDir, log });
  const auth = new AuthService({ db, config, users, sessions, emailTokens, mailer, ledger, google, rateLimiter });
  const account = new UsersService(db, users, media, (row) => auth.sendVerification(row));
  return { users, account, auth, sessions, emailTokens, ledger, google, mailer };
}

export const mediaRoot = (config: Config) => path.join(config.dataDir, 'media');
