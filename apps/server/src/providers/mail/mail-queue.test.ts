// Mail waits in the outbox table and is retried with backoff: an SMTP server that is down costs nobody their
// sign-up, and the mail goes out once it is back (a real smtp-server stopped and started on the same port). With
// several processes on one database each message goes out once (PostgreSQL: DATABASE_URL; skipped otherwise).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createPostgresDatabase, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { csrfHeaders, uniqueName } from '../../../test/factories.ts';
import { decodeQuotedPrintable, startSmtpPeer, type SmtpPeer } from '../../../test/smtp-peer.ts';
import type { MailTransport } from './mailer.ts';
import { MailQueue } from './queue.ts';

const POSTGRES = process.env.DATABASE_URL?.startsWith('postgres');

const cleanup: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c().catch(() => {});
});

/** A port where an SMTP server was a moment ago and is no longer. */
async function downSmtpPort(): Promise<number> {
  const peer = await startSmtpPeer();
  await peer.close();
  return peer.port;
}

async function peerOn(port: number): Promise<SmtpPeer> {
  const peer = await startSmtpPeer(port);
  cleanup.push(() => peer.close());
  return peer;
}

async function app(env: Record<string, string>): Promise<TestApp> {
  const t = await createTestApp(env);
  cleanup.push(() => t.close());
  return t;
}

let ip = 0;
async function signUp(t: TestApp) {
  const name = uniqueName('mq');
  ip += 1;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers: await csrfHeaders(t.app),
    payload: { email: `${name}@example.com`, username: name, password: 'secret12' },
    remoteAddress: `10.77.${ip >> 8}.${ip & 255}`,
  });
  return { res, email: `${name}@example.com` };
}

const outboxRow = (t: TestApp, to: string) => t.deps.uow.repos.mailOutbox.latestTo(to);

describe('the mail queue', () => {
  it('answers a sign-up with 201 while SMTP is down, retries, and delivers once SMTP is back', async () => {
    const port = await downSmtpPort();
    const t = await app({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_RETRY_SECONDS: '0.2' });

    const { res, email } = await signUp(t);
    expect(res.statusCode).toBe(201);
    expect(res.json().user.email).toBe(email);
    // It was tried, failed, and waits for its next attempt.
    await expect.poll(async () => (await outboxRow(t, email))?.attempts ?? 0, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    const waiting = (await outboxRow(t, email))!;
    expect(waiting.sentAt).toBeNull();
    expect(waiting.error).toMatch(/ECONNREFUSED/);
    expect(waiting.nextAttemptAt).not.toBeNull();

    const smtp = await peerOn(port);
    await expect.poll(() => smtp.inbox.length, { timeout: 15_000 }).toBe(1);
    expect(smtp.inbox[0]!.to).toEqual([email]);
    await expect.poll(async () => (await outboxRow(t, email))?.sentAt ?? null, { timeout: 5_000 }).not.toBeNull();
    const sent = (await outboxRow(t, email))!;
    expect(sent.error).toBeNull();
    expect(sent.nextAttemptAt).toBeNull();

    // The link in the late mail still verifies the account.
    const link = /http:\/\/localhost:\d+\/verify-email\?token=[\w-]+/.exec(decodeQuotedPrintable(smtp.inbox[0]!.raw))?.[0];
    const token = new URL(link!).searchParams.get('token')!;
    const verify = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
    expect(verify.statusCode).toBe(200);
  }, 60_000);

  it('gives a message up after MAIL_MAX_ATTEMPTS and says why', async () => {
    const port = await downSmtpPort();
    const t = await app({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_RETRY_SECONDS: '0.1', MAIL_MAX_ATTEMPTS: '3' });
    const { res, email } = await signUp(t);
    expect(res.statusCode).toBe(201);
    await expect.poll(async () => (await outboxRow(t, email))?.nextAttemptAt, { timeout: 15_000 }).toBeNull();
    const row = (await outboxRow(t, email))!;
    expect(row.attempts).toBe(3);
    expect(row.sentAt).toBeNull();
    expect(row.error).toMatch(/ECONNREFUSED/);
  }, 60_000);

  it('tells a removal requester honestly that the acknowledgement is still on its way, then sends it', async () => {
    const port = await downSmtpPort();
    const t = await app({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_RETRY_SECONDS: '0.2' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/content-removal/request',
      remoteAddress: '10.78.0.1',
      payload: {
        subjectUrl: 'https://example.com/somewhere',
        reason: 'other',
        contactEmail: 'waiting@example.com',
        details: 'This page shows my private photo without my consent.',
      },
    });
    expect(res.statusCode).toBe(201);
    const { reference, message } = res.json();
    expect(message).toBe(
      `We received your request. Your reference is ${reference}. We could not send the acknowledgement e-mail yet and will keep trying; please keep this reference.`,
    );
    const smtp = await peerOn(port);
    await expect.poll(() => smtp.inbox.map((m) => m.to[0]), { timeout: 15_000 }).toEqual(['waiting@example.com']);
  }, 60_000);

  it.skipIf(!POSTGRES)(
    'with two processes on one database, every queued message goes out exactly once',
    async () => {
      const port = await downSmtpPort();
      const db = await createPostgresDatabase(process.env.DATABASE_URL!);
      cleanup.push(() => db.drop());
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'reverie-mailq-'));
      cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
      const env = { DATABASE_URL: db.url, DATA_DIR: dataDir, SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_RETRY_SECONDS: '0.2' };
      const a = await app(env);
      const b = await app(env);
      const emails: string[] = [];
      for (const t of [a, b, a, b, a, b]) {
        const { res, email } = await signUp(t);
        expect(res.statusCode).toBe(201);
        emails.push(email);
      }
      const smtp = await peerOn(port);
      await expect.poll(() => smtp.inbox.length, { timeout: 20_000 }).toBe(emails.length);
      // Both kept trying; a little longer shows no second copy.
      await new Promise((r) => setTimeout(r, 1500));
      expect(smtp.inbox.map((m) => m.to[0]).sort()).toEqual([...emails].sort());
    },
    90_000,
  );

  it('in a process that does not work the queue (PROCESS_ROLE=web) tries only its own message, once', async () => {
    const t = await app({});
    await (t.deps.mailer as MailQueue).stop(); // this test's process works no queue of its own
    const outbox = t.deps.uow.repos.mailOutbox;
    const delivered: string[] = [];
    let fail = false;
    const transport: MailTransport = {
      kind: 'outbox',
      deliver: async (m) => {
        if (fail) throw new Error('mail server down');
        delivered.push(m.to);
      },
      health: async () => ({ status: 'ok' }) as never,
    };
    const web = new MailQueue({ transport, outbox, background: t.deps.background, log: t.deps.log, retryBaseMs: 50, maxAttempts: 5 });
    const mail = (to: string) => ({ to, subject: 'Hello', text: 'Hello', html: '<p>Hello</p>' });
    await outbox.enqueue({ ...mail('left@example.com'), links: [], transport: 'outbox' });
    await web.send(mail('own@example.com'));
    await expect.poll(() => delivered, { timeout: 5_000 }).toEqual(['own@example.com']);
    fail = true;
    await web.send(mail('retry@example.com'));
    await expect.poll(async () => (await outboxRow(t, 'retry@example.com'))?.attempts, { timeout: 5_000 }).toBe(1);
    await new Promise((r) => setTimeout(r, 500));
    // The message another process left, and the retry, wait for a worker.
    expect((await outboxRow(t, 'retry@example.com'))?.attempts).toBe(1);
    expect((await outboxRow(t, 'left@example.com'))?.sentAt).toBeNull();
    expect(delivered).toEqual(['own@example.com']);
  }, 60_000);
});
