// Mail delivery behind one small interface: SMTP (nodemailer) when SMTP_URL is set, otherwise an outbox.
// Either way every message is recorded in the mail_outbox table.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import type { ProviderHealth } from '../../context.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Links the message carries, logged in outbox mode so a developer can click them. */
  links?: string[];
}

export interface Mailer extends ProviderHealth {
  send(message: MailMessage): Promise<void>;
}

export function createMailer(opts: { smtpUrl: string | undefined; from: string; db: Db; dataDir: string; log: FastifyBaseLogger }): Mailer {
  const { db, log } = opts;
  const outboxDir = path.join(opts.dataDir, 'outbox');

  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      name: 'mail',
      kind: 'smtp',
      health: async () => {
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
          log.error({ err, to: m.to }, 'mail delivery failed');
        }
        await db
          .insert(mailOutbox)
          .values({
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

  return {
    name: 'mail',
    kind: 'outbox',
    health: async () => ({ status: 'ok', detail: `outbox at ${outboxDir}` }),
    async send(m) {
      const [row] = await db
        .insert(mailOutbox)
        .values({ to: m.to, subject: m.subject, text: m.text, html: m.html, transport: 'outbox' })
        .returning({ id: mailOutbox.id, createdAt: mailOutbox.createdAt });
      // Also one JSON file per message, so a developer (or a browser test) can open the link without a mail server.
      await mkdir(outboxDir, { recursive: true });
      const file = path.join(outboxDir, `${row!.createdAt.getTime()}-${row!.id}.json`);
      await writeFile(file, JSON.stringify({ id: row!.id, from: opts.from, ...m }, null, 2));
      log.info({ to: m.to, subject: m.subject, links: m.links }, 'mail written to outbox (set SMTP_URL to deliver)');
    },
  };
}
