// SMTP delivery through nodemailer (SMTP_URL).
import nodemailer from 'nodemailer';
import type { MailTransport } from './mailer.ts';

export function createSmtpTransport(opts: { smtpUrl: string; from: string }): MailTransport {
  // Short timeouts: an attempt that hangs holds its message (its lease) and, for sendAndWait, a request.
  const transport = nodemailer.createTransport({
    url: opts.smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 60_000,
  });
  return {
    kind: 'smtp',
    async health() {
      try {
        await transport.verify();
        return { status: 'ok' };
      } catch (err) {
        return { status: 'down', detail: (err as Error).message };
      }
    },
    async deliver(m) {
      await transport.sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text, html: m.html });
    },
  };
}
