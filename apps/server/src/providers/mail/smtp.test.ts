// Mail goes through a real SMTP conversation with a local smtp-server, and the link in it works.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { csrfHeaders } from '../../../test/factories.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

let smtp: SMTPServer;
let port: number;
const inbox: Received[] = [];
let t: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
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
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as AddressInfo).port;
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Reverie <hello@reverie.test>' });
});

afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** Undo quoted-printable soft breaks and escapes, enough to read a link back out of the raw message. */
const decodeQp = (s: string) => s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

describe('SMTP delivery', () => {
  it('delivers the verification mail, and its link verifies the account', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: await csrfHeaders(t.app),
      payload: { email: 'smtp-user@example.com', username: 'smtpuser', password: 'secret12' },
    });
    expect(res.statusCode).toBe(201);
    expect(inbox).toHaveLength(1);
    const mail = inbox[0]!;
    expect(mail.from).toBe('hello@reverie.test');
    expect(mail.to).toEqual(['smtp-user@example.com']);
    expect(mail.raw).toMatch(/Subject: Verify your e-mail for Reverie/);
    const link = /http:\/\/localhost:\d+\/verify-email\?token=[\w-]+/.exec(decodeQp(mail.raw))?.[0];
    expect(link).toBeDefined();
    const token = new URL(link!).searchParams.get('token')!;
    const verify = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
    expect(verify.statusCode).toBe(200);
    expect(verify.json().user.emailVerified).toBe(true);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json().providers.mail).toEqual({ kind: 'smtp', status: 'ok' });
  });
});
