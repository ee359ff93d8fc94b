import type { ProviderHealth } from '../health.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Links the message carries, logged in outbox mode so a developer can click them. */
  links?: string[];
}

/** Mail delivery. Every backend records each message in the mail_outbox table. */
export interface Mailer extends ProviderHealth {
  send(message: MailMessage): Promise<void>;
}
