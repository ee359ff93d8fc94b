// No SMTP server: each message becomes one JSON file under DATA_DIR/outbox (and a log line with its links), so a
// developer (or a browser test) can open the link without a mail server.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { MailTransport } from './mailer.ts';

export function createOutboxTransport(opts: { from: string; dataDir: string; log: FastifyBaseLogger }): MailTransport {
  const outboxDir = path.join(opts.dataDir, 'outbox');
  return {
    kind: 'outbox',
    health: async () => ({ status: 'ok', detail: `outbox at ${outboxDir}` }),
    async deliver(m) {
      await mkdir(outboxDir, { recursive: true });
      const file = path.join(outboxDir, `${m.createdAt.getTime()}-${m.id}.json`);
      const { id, to, subject, text, html, links } = m;
      // Written aside and renamed: whoever reads the folder never sees half a message.
      await writeFile(`${file}.tmp`, JSON.stringify({ id, from: opts.from, to, subject, text, html, links }, null, 2));
      await rename(`${file}.tmp`, file);
      opts.log.info({ to, subject, links }, 'mail written to outbox (set SMTP_URL to deliver)');
    },
  };
}
