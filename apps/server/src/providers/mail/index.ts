// Mail: every message goes through the queue in mail_outbox; it leaves by SMTP when SMTP_URL is set, otherwise as a
// file in the outbox folder.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { BackgroundTasks } from '../../lib/background.ts';
import type { HealthRegistry } from '../health.ts';
import type { MailOutboxRepo } from './mail-outbox.repo.ts';
import { createOutboxTransport } from './outbox.ts';
import { MailQueue } from './queue.ts';
import { createSmtpTransport } from './smtp.ts';

export type { MailMessage, Mailer } from './mailer.ts';
export { MailQueue } from './queue.ts';

export function createMailer(
  config: Pick<Config, 'mail' | 'dataDir'>,
  deps: { outbox: MailOutboxRepo; log: FastifyBaseLogger; health: HealthRegistry; background: BackgroundTasks },
): MailQueue {
  const { smtpUrl, from, retryBaseMs, maxAttempts } = config.mail;
  const transport = smtpUrl
    ? createSmtpTransport({ smtpUrl, from })
    : createOutboxTransport({ from, dataDir: config.dataDir, log: deps.log });
  return deps.health.register(
    new MailQueue({ transport, outbox: deps.outbox, background: deps.background, log: deps.log, retryBaseMs, maxAttempts }),
  );
}
