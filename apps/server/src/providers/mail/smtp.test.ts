// Mail goes through a real SMTP conversation with a local smtp-server, and the link in it works.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { csrfHeaders } from '../../../test/factories.ts';
import { decodeQuotedPrintable, startSmtpPeer, type SmtpPeer } from '../../../test/smtp-peer.ts';

let smtp: SmtpPeer;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Reverie <hello@reverie.test>' });
});

afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('SMTP delivery', () => {
  it('delivers the verification mail, and its link verifies the account', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: await csrfHeaders(t.app),
      payload: { email: 'smtp-user@example.com', username: 'smtpuser', password: 'secret12' },
    });
    expect(res.statusCode).toBe(201);
    // Delivery follows the answer (the message waits in the outbox table until it went out).
    await expect.poll(() => smtp.inbox.length, { timeout: 10_000 }).toBe(1);
    const mail = smtp.inbox[0]!;
    expect(mail.from).toBe('hello@reverie.test');
    expect(mail.to).toEqual(['smtp-user@example.com']);
    expect(mail.raw).toMatch(/Subject: Verify your e-mail for Reverie/);
    const link = /http:\/\/localhost:\d+\/verify-email\?token=[\w-]+/.exec(decodeQuotedPrintable(mail.raw))?.[0];
    expect(link).toBeDefined();
    const token = new URL(link!).searchParams.get('token')!;
    const verify = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
    expect(verify.statusCode).toBe(200);
    expect(verify.json().user.emailVerified).toBe(true);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json().providers.mail).toEqual({ kind: 'smtp', status: 'ok' });
  });

  it('asks the SMTP server for the health check at most every 30 s, however often a load balancer probes', async () => {
    await t.app.inject({ method: 'GET', url: '/api/health' });
    const before = smtp.connections();
    for (let i = 0; i < 5; i++) {
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.json().providers.mail).toEqual({ kind: 'smtp', status: 'ok' });
    }
    expect(smtp.connections()).toBe(before);
  });
});
