// A local SMTP server on 127.0.0.1 (smtp-server) that keeps what it receives: tests of real SMTP conversations,
// and of an SMTP server that goes away and comes back on the same port.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpPeer {
  port: number;
  url: string;
  inbox: ReceivedMail[];
  /** Connections accepted so far. */
  connections(): number;
  close(): Promise<void>;
}

/** Listens on `port` (0: a free one). */
export async function startSmtpPeer(port = 0): Promise<SmtpPeer> {
  const inbox: ReceivedMail[] = [];
  let connections = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.server.once('error', reject);
    smtp.listen(port, '127.0.0.1', resolve);
  });
  const bound = (smtp.server.address() as AddressInfo).port;
  return {
    port: bound,
    url: `smtp://127.0.0.1:${bound}`,
    inbox,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

/** Undo quoted-printable soft breaks and escapes, enough to read a link back out of the raw message. */
export const decodeQuotedPrintable = (s: string) =>
  s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
