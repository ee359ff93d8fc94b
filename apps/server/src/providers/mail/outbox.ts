// No SMTP server: messages go to the mail_outbox table and to one JSON file each under DATA_DIR/outbox,
// so a developer (or a browser test) can open the link without a mail server.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { MailOutboxRepo } from './mail-outbox.repo.ts';
import type { Mailer } from './mailer.ts';

export function createOutboxMailer(opts: { from: string; dataDir: string; outbox: MailOutboxRepo; log: FastifyBaseLogger }): Mailer {
  const outboxDir = path.join(opts.dataDir, 'outbox');
  return {
    name: 'mail',
    kind: 'outbox',
    health: async () => ({ status: 'ok', detail: `outbox at ${outboxDir}` }),
    async send(m) {
      const row = await opts.outbox.insert({ to: m.to, subject: m.subject, text: m.text, html: m.html, transport: 'outbox' });
      await mkdir(outboxDir, { recursive: true });
      const file = path.join(outboxDir, `${row.createdAt.getTime()}-${row.id}.json`);
      await writeFile(file, JSON.stringify({ id: row.id, from: opts.from, ...m }, null, 2));
      opts.log.info({ to: m.to, subject: m.subject, links: m.links }, 'mail written to outbox (set SMTP_URL to deliver)');
    },
  };
}
