import type { ProviderHealth, ProviderStatus } from '../health.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Links the message carries, logged in outbox mode so a developer can click them. */
  links?: string[];
}

/**
 * Mail delivery. Every message is stored in the mail_outbox table first and delivered from there, with retries, so
 * a mail server that is down loses nothing and fails no request (queue.ts).
 */
export interface Mailer extends ProviderHealth {
  /** Queues the message; resolves once it is stored (delivery follows, retried with backoff). */
  send(message: MailMessage): Promise<void>;
  /**
   * Queues the message and makes its first delivery attempt now, waiting for it a few seconds at most: 'sent' when
   * it went out, 'queued' when it will be retried (for answers that say whether a mail went out).
   */
  sendAndWait(message: MailMessage): Promise<'sent' | 'queued'>;
}

/** How a stored message leaves: SMTP, or a file in the outbox folder. */
export interface MailTransport {
  kind: 'smtp' | 'outbox';
  deliver(message: MailMessage & { id: string; createdAt: Date }): Promise<void>;
  health(): Promise<ProviderStatus>;
}
