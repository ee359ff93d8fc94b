// Mail: SMTP when SMTP_URL is set, otherwise the outbox.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { HealthRegistry } from '../health.ts';
import type { MailOutboxRepo } from './mail-outbox.repo.ts';
import type { Mailer } from './mailer.ts';
import { createOutboxMailer } from './outbox.ts';
import { createSmtpMailer } from './smtp.ts';

export type { MailMessage, Mailer } from './mailer.ts';

export function createMailer(
  config: Pick<Config, 'mail' | 'dataDir'>,
  deps: { outbox: MailOutboxRepo; log: FastifyBaseLogger; health: HealthRegistry },
): Mailer {
  const { smtpUrl, from } = config.mail;
  const mailer = smtpUrl
    ? createSmtpMailer({ smtpUrl, from, outbox: deps.outbox, log: deps.log })
    : createOutboxMailer({ from, dataDir: config.dataDir, outbox: deps.outbox, log: deps.log });
  return deps.health.register(mailer);
}
