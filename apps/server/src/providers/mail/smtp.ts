// SMTP delivery through nodemailer (SMTP_URL).
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { MailOutboxRepo } from './mail-outbox.repo.ts';
import type { Mailer } from './mailer.ts';

export function createSmtpMailer(opts: { smtpUrl: string; from: string; outbox: MailOutboxRepo; log: FastifyBaseLogger }): Mailer {
  const transport = nodemailer.createTransport(opts.smtpUrl);
  return {
    name: 'mail',
    kind: 'smtp',
    async health() {
      try {
        await transport.verify();
        return { status: 'ok' };
      } catch (err) {
        return { status: 'down', detail: (err as Error).message };
      }
    },
    async send(m) {
      let error: string | null = null;
      try {
        await transport.sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text, html: m.html });
      } catch (err) {
        error = (err as Error).message;
        opts.log.error({ err, to: m.to }, 'mail delivery failed');
      }
      await opts.outbox.insert({
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
        transport: 'smtp',
        error,
        sentAt: error ? null : new Date(),
      });
      if (error) throw new Error(`Mail delivery failed: ${error}`);
    },
  };
}
