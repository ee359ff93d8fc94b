// Account hardening (issue 7, security items): each block reproduces a finding of the review through HTTP.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildUser, csrfHeaders, lastMailTo, tokenFromLink, uniqueName, type BuiltUser } from '../../../test/factories.ts';
import type { MailMessage, Mailer } from '../../providers/mail/index.ts';

// Tests that build their own app (another configuration or provider) need more than the default 30 s on a busy machine.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let ipCounter = 0;
/** A client address no other test uses, so per-IP limits of one test never spill into another. */
const freshIp = () => {
  ipCounter += 1;
  return `192.0.2.${ipCounter}`;
};

const post = (url: string, payload: unknown, opts: { headers?: Record<string, string>; ip?: string } = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: opts.headers ?? {}, remoteAddress: opts.ip ?? freshIp() });

async function login(emailOrUsername: string, password: string, ip: string) {
  return post('/api/auth/login', { emailOrUsername, password }, { headers: await csrfHeaders(t.app), ip });
}

const updateMe = (u: Pick<BuiltUser, 'auth'>, payload: object) =>
  t.app.inject({ method: 'PUT', url: '/api/auth/me', headers: u.auth, payload });
const me = (accessToken: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${accessToken}` } });

/** Polls until the access token is refused, for at most `withinMs`; returns the final status. */
async function statusWithin(accessToken: string, withinMs: number): Promise<number> {
  const deadline = Date.now() + withinMs;
  let status = (await me(accessToken)).statusCode;
  while (status !== 401 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    status = (await me(accessToken)).statusCode;
  }
  return status;
}

describe('1. changing e-mail or username needs the current password, and the old address can undo it', () => {
  it('refuses an e-mail or username change without the password, and a wrong one', async () => {
    const u = await buildUser(t, { password: 'owner-pass' });
    const noPassword = await updateMe(u, { email: `${uniqueName('thief')}@example.com` });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().error.code).toBe('REAUTH_REQUIRED');
    expect(noPassword.json().message).toBe('Enter your current password to change your e-mail address or username.');
    const username = await updateMe(u, { username: uniqueName('renamed') });
    expect(username.statusCode).toBe(400);
    expect(username.json().error.code).toBe('REAUTH_REQUIRED');
    const wrong = await updateMe(u, { email: `${uniqueName('thief')}@example.com`, currentPassword: 'guess' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Current password is incorrect');
    // The bio is not an identity field: no password needed.
    expect((await updateMe(u, { bio: 'still me' })).statusCode).toBe(200);
    expect((await me(u.accessToken)).json().email).toBe(u.user.email);
  });

  it('mails the old address a link that restores it and signs every session out', async () => {
    const u = await buildUser(t, { password: 'owner-pass' });
    const oldEmail = u.user.email;
    const oldName = u.user.username;
    const newEmail = `${uniqueName('thief')}@example.com`;
    const changed = await updateMe(u, { email: newEmail, username: uniqueName('thief'), currentPassword: 'owner-pass' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ email: newEmail, emailVerified: false });

    const notice = await lastMailTo(t, oldEmail);
    expect(notice.subject).toBe('Your Reverie e-mail address was changed');
    expect(notice.text).toContain(newEmail);
    expect(notice.text).toMatch(/7 days/);
    expect(notice.link).toContain('/restore-account?token=');

    const restored = await post('/api/auth/email-change/revert', { token: tokenFromLink(notice.link, 'token') });
    expect(restored.statusCode).toBe(200);
    expect(restored.json().message).toMatch(/restored/);
    // Every session of the account, including the one that made the change, is gone.
    expect((await post('/api/auth/refresh', { refreshToken: u.refreshToken })).statusCode).toBe(401);
    expect(await statusWithin(u.accessToken, 1100)).toBe(401);
    // The old address is back, verified, with the old username.
    const back = await login(oldEmail, 'owner-pass', freshIp());
    expect(back.statusCode).toBe(200);
    expect(back.json().user).toMatchObject({ email: oldEmail, username: oldName, emailVerified: true });
    // A reset now goes to the owner's address, and the link is single-use.
    const again = await post('/api/auth/email-change/revert', { token: tokenFromLink(notice.link, 'token') });
    expect(again.statusCode).toBe(400);
  });

  it('keeps the first undo link working after a second change', async () => {
    const u = await buildUser(t, { password: 'owner-pass' });
    const oldEmail = u.user.email;
    const first = `${uniqueName('one')}@example.com`;
    expect((await updateMe(u, { email: first, currentPassword: 'owner-pass' })).statusCode).toBe(200);
    const notice = await lastMailTo(t, oldEmail);
    expect((await updateMe(u, { email: `${uniqueName('two')}@example.com`, currentPassword: 'owner-pass' })).statusCode).toBe(200);
    const restored = await post('/api/auth/email-change/revert', { token: tokenFromLink(notice.link, 'token') });
    expect(restored.statusCode).toBe(200);
    expect((await login(oldEmail, 'owner-pass', freshIp())).statusCode).toBe(200);
  });
});

describe('2. e-mail links are bound to the address they were sent to', () => {
  it('refuses a reset link after the address changed, and verifies nothing', async () => {
    const u = await buildUser(t, { password: 'owner-pass' });
    expect((await post('/api/auth/password-reset/request', { email: u.user.email })).statusCode).toBe(200);
    const resetLink = (await lastMailTo(t, u.user.email)).link;
    const newEmail = `${uniqueName('moved')}@example.com`;
    expect((await updateMe(u, { email: newEmail, currentPassword: 'owner-pass' })).statusCode).toBe(200);
    const confirm = await post('/api/auth/password-reset/confirm', {
      token: tokenFromLink(resetLink, 'resetToken'),
      password: 'attacker1',
    });
    expect(confirm.statusCode).toBe(400);
    expect(confirm.json().message).toBe('This link was sent to an e-mail address that is no longer on the account. Request a new one.');
    const now = await me(u.accessToken);
    expect(now.json()).toMatchObject({ email: newEmail, emailVerified: false });
  });

  it('tells a superseded verification link apart from a bad one', async () => {
    const u = await buildUser(t, { verified: false });
    const first = tokenFromLink((await lastMailTo(t, u.user.email)).link, 'token');
    expect((await post('/api/auth/resend-verification', { email: u.user.email })).statusCode).toBe(200);
    const second = tokenFromLink((await lastMailTo(t, u.user.email)).link, 'token');
    expect(second).not.toBe(first);
    const old = await post('/api/auth/verify-email', { token: first });
    expect(old.statusCode).toBe(400);
    expect(old.json().error.code).toBe('TOKEN_SUPERSEDED');
    expect(old.json().message).toBe('This link was replaced by a newer one. Use the latest e-mail we sent.');
    const bogus = await post('/api/auth/verify-email', { token: 'x'.repeat(43) });
    expect(bogus.json().error.code).toBe('BAD_REQUEST');
    expect((await post('/api/auth/verify-email', { token: second })).statusCode).toBe(200);
  });
});

describe('3. a password change cancels outstanding reset links', () => {
  it('refuses a reset link requested before the password changed', async () => {
    const u = await buildUser(t, { password: 'old-password' });
    await post('/api/auth/password-reset/request', { email: u.user.email });
    const token = tokenFromLink((await lastMailTo(t, u.user.email)).link, 'resetToken');
    const changed = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/me/password',
      headers: u.auth,
      payload: { currentPassword: 'old-password', newPassword: 'new-password' },
    });
    expect(changed.statusCode).toBe(200);
    const reset = await post('/api/auth/password-reset/confirm', { token, password: 'attacker1' });
    expect(reset.statusCode).toBe(400);
    expect((await login(u.user.username, 'new-password', freshIp())).statusCode).toBe(200);
  });
});

describe('4. reset and resend answer without waiting for the mail', () => {
  it('answers existing and unknown addresses alike while the mail is still being sent', async () => {
    const sent: MailMessage[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let slowFromNowOn = false;
    const slowMailer: Mailer = {
      name: 'mail',
      kind: 'test',
      health: async () => ({ status: 'ok' }),
      async send(m) {
        if (slowFromNowOn) await gate;
        sent.push(m);
      },
      async sendAndWait(m) {
        await slowMailer.send(m);
        return 'sent';
      },
    };
    const slow = await createTestApp({}, undefined, { mailer: slowMailer });
    try {
      const verified = await buildUser(slow);
      const unverified = await buildUser(slow, { verified: false });
      const unknown = `${uniqueName('nobody')}@example.com`;
      slowFromNowOn = true;
      sent.length = 0;
      const timeout = new Promise<'waited for the mail'>((r) => setTimeout(() => r('waited for the mail'), 3000));
      const ask = (url: string, email: string) =>
        Promise.race([slow.app.inject({ method: 'POST', url, payload: { email }, remoteAddress: freshIp() }), timeout]);
      const answers = [
        await ask('/api/auth/password-reset/request', verified.user.email),
        await ask('/api/auth/password-reset/request', unknown),
        await ask('/api/auth/resend-verification', unverified.user.email),
        await ask('/api/auth/resend-verification', unknown),
      ];
      for (const a of answers) expect(a).not.toBe('waited for the mail');
      const [resetKnown, resetUnknown, resendKnown, resendUnknown] = answers as Array<Awaited<ReturnType<typeof slow.app.inject>>>;
      expect(resetKnown!.statusCode).toBe(200);
      expect(resetKnown!.body).toBe(resetUnknown!.body);
      expect(resendKnown!.statusCode).toBe(200);
      expect(resendKnown!.body).toBe(resendUnknown!.body);
      release();
      await slow.deps.background.drain();
      expect(sent.map((m) => m.to)).toEqual(expect.arrayContaining([verified.user.email, unverified.user.email]));
      expect(sent.some((m) => m.to === unknown)).toBe(false);
    } finally {
      release();
      await slow.close();
    }
  }, 120_000);
});

describe('5. login protection cannot be turned against the owner', () => {
  it("a stranger's wrong guesses do not lock the owner out", async () => {
    const u = await buildUser(t, { password: 'rightpass' });
    const stranger = freshIp();
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) {
      const who = i % 2 ? u.user.username : u.user.email.toUpperCase();
      codes.push((await login(who, `guess${i}`, stranger)).statusCode);
    }
    // Five wrong guesses from one client in a row block that client for this account…
    expect(codes.slice(0, 5)).toEqual(Array(5).fill(401));
    expect(codes.slice(5).every((c) => c === 429)).toBe(true);
    const blocked = await login(u.user.username, 'rightpass', stranger);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(60);
    // …but the owner, elsewhere, signs in.
    expect((await login(u.user.username, 'rightpass', freshIp())).statusCode).toBe(200);
  });

  it('slows guesses spread over many clients progressively, except for clients that signed in before', async () => {
    const u = await buildUser(t, { password: 'rightpass' });
    const home = freshIp();
    expect((await login(u.user.username, 'rightpass', home)).statusCode).toBe(200);
    const codes: number[] = [];
    for (let i = 0; i < 14; i++) codes.push((await login(u.user.username, `guess${i}`, freshIp())).statusCode);
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(401));
    const delayed = await login(u.user.username, 'rightpass', freshIp());
    expect(delayed.statusCode).toBe(429);
    const retry = Number(delayed.headers['retry-after']);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(15 * 60);
    expect((await login(u.user.username, 'rightpass', home)).statusCode).toBe(200);
  });

  it('a password reset lifts the lock', async () => {
    const u = await buildUser(t, { password: 'rightpass' });
    const ip = freshIp();
    for (let i = 0; i < 6; i++) await login(u.user.username, `guess${i}`, ip);
    expect((await login(u.user.username, 'rightpass', ip)).statusCode).toBe(429);
    await post('/api/auth/password-reset/request', { email: u.user.email }, { ip });
    const token = tokenFromLink((await lastMailTo(t, u.user.email)).link, 'resetToken');
    expect((await post('/api/auth/password-reset/confirm', { token, password: 'brand-new' }, { ip })).statusCode).toBe(200);
    expect((await login(u.user.username, 'brand-new', ip)).statusCode).toBe(200);
  });
});

describe('6. control characters, limits before lookups, and logs', () => {
  it('answers 35 NUL logins with 400s, then 429, never 500', async () => {
    const h = await csrfHeaders(t.app);
    const ip = freshIp();
    const codes: number[] = [];
    for (let i = 0; i < 35; i++) {
      const res = await post('/api/auth/login', { emailOrUsername: `admin\u0000${i}`, password: 'x' }, { headers: h, ip });
      codes.push(res.statusCode);
    }
    expect(codes).not.toContain(500);
    expect(codes[0]).toBe(400);
    expect(codes.at(-1)).toBe(429);
    expect(new Set(codes)).toEqual(new Set([400, 429]));
  });

  it('refuses control characters in text fields, allows line breaks in the bio and any printable password', async () => {
    const h = await csrfHeaders(t.app);
    const name = uniqueName('ctl');
    const bell = await post(
      '/api/auth/register',
      { email: `${name}@example.com`, username: `${name}\u0007`, password: 'secret12' },
      { headers: h },
    );
    expect(bell.statusCode).toBe(400);
    expect(bell.json().message).toBe('username: Control characters are not allowed');
    const nulPassword = await post(
      '/api/auth/register',
      { email: `${name}@example.com`, username: name, password: 'secret\u000012' },
      { headers: h },
    );
    expect(nulPassword.statusCode).toBe(400);
    const unicode = await post(
      '/api/auth/register',
      { email: `${name}@example.com`, username: name, password: 'pässwörd 🙂 密码' },
      { headers: h },
    );
    expect(unicode.statusCode).toBe(201);
    const u = { auth: { authorization: `Bearer ${unicode.json().accessToken}` } };
    expect((await updateMe(u, { bio: 'line one\u0000' })).statusCode).toBe(400);
    expect((await updateMe(u, { bio: 'line one\u009b' })).statusCode).toBe(400);
    const multiLine = await updateMe(u, { bio: 'line one\nline two' });
    expect(multiLine.statusCode).toBe(200);
    expect(multiLine.json().bio).toBe('line one\nline two');
  });

  it('never writes SQL parameters or link tokens to the log', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, cb) {
        lines.push(chunk.toString());
        cb();
      },
    });
    // debug: every request is logged, so the link below is certainly written somewhere if it leaks.
    const logged = await createTestApp(
      { LOG_LEVEL: 'debug' },
      (app) => {
        app.get('/api/test/db-error', async () => {
          // A value PostgreSQL refuses inside a text parameter: the driver error carries the parameters.
          await logged.deps.uow.repos.users.findByEmail('hunter2-secret\u0000');
          return { ok: true };
        });
      },
      { logStream: stream },
    );
    try {
      const res = await logged.app.inject({ method: 'GET', url: '/api/test/db-error' });
      expect(res.statusCode).toBe(500);
      expect(lines.join('')).toContain('unhandled error');
      expect(lines.join('')).not.toContain('hunter2-secret');
      // Nor the token of an e-mailed link opened in the browser.
      await logged.app.inject({ method: 'GET', url: '/verify-email?token=link-secret-abc123&x=1' });
      expect(lines.join('')).toMatch(/"path":"\/verify-email"/);
      expect(lines.join('')).not.toContain('link-secret-abc123');
    } finally {
      await logged.close();
    }
  }, 120_000);
});

describe('9. access tokens stop working when their session is revoked', () => {
  it('refuses the access token within a second of logout', async () => {
    const u = await buildUser(t);
    expect((await me(u.accessToken)).statusCode).toBe(200);
    const out = await post('/api/auth/logout', { refreshToken: u.refreshToken }, { headers: { ...(await csrfHeaders(t.app)), ...u.auth } });
    expect(out.statusCode).toBe(200);
    const res = await statusWithin(u.accessToken, 1100);
    expect(res).toBe(401);
    expect((await me(u.accessToken)).json().message).toBe('Invalid or expired token');
  });

  it('refuses the access tokens of a family revoked for refresh-token reuse', async () => {
    const u = await buildUser(t);
    const rotated = await post('/api/auth/refresh', { refreshToken: u.refreshToken });
    const pair = rotated.json();
    expect((await me(pair.accessToken)).statusCode).toBe(200);
    expect((await post('/api/auth/refresh', { refreshToken: u.refreshToken })).statusCode).toBe(401);
    expect(await statusWithin(pair.accessToken, 1100)).toBe(401);
  });

  it('refuses the other sessions after a password change, and keeps this one', async () => {
    const u = await buildUser(t, { password: 'old-password' });
    const other = (await login(u.user.username, 'old-password', freshIp())).json();
    expect((await me(other.accessToken)).statusCode).toBe(200);
    const changed = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/me/password',
      headers: u.auth,
      payload: { currentPassword: 'old-password', newPassword: 'new-password' },
    });
    expect(changed.statusCode).toBe(200);
    expect(await statusWithin(other.accessToken, 1100)).toBe(401);
    expect((await me(u.accessToken)).statusCode).toBe(200);
  });
});

describe('10. cookies and sign-up answers', () => {
  it('sets the CSRF cookie for the API only, out of reach of scripts, never sent cross-site, for 12 hours', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/csrf' });
    const cookie = res.cookies.find((c) => c.name === 'rv_csrf');
    expect(cookie).toMatchObject({ path: '/api', httpOnly: true, sameSite: 'Strict', maxAge: 12 * 3600 });
    // The cookie's value is the token the answer carries: the client echoes it in x-csrf-token.
    expect(cookie?.value).toBe(res.json<{ csrfToken: string }>().csrfToken);
  });

  it('marks the CSRF cookie Secure behind HTTPS or with an https PUBLIC_URL', async () => {
    const secureOf = (res: Awaited<ReturnType<typeof t.app.inject>>) => res.cookies.find((c) => c.name === 'rv_csrf')?.secure === true;
    expect(secureOf(await t.app.inject({ method: 'GET', url: '/api/auth/csrf' }))).toBe(false);
    const proxied = await createTestApp({ TRUST_PROXY: '1' });
    const https = await createTestApp({ PUBLIC_URL: 'https://reverie.example' });
    try {
      const viaProxy = await proxied.app.inject({ method: 'GET', url: '/api/auth/csrf', headers: { 'x-forwarded-proto': 'https' } });
      expect(secureOf(viaProxy)).toBe(true);
      expect(secureOf(await https.app.inject({ method: 'GET', url: '/api/auth/csrf' }))).toBe(true);
    } finally {
      await proxied.close();
      await https.close();
    }
  }, 120_000);

  it('says which field is taken on sign-up', async () => {
    const taken = await buildUser(t);
    const h = await csrfHeaders(t.app);
    const email = await post(
      '/api/auth/register',
      { email: taken.user.email, username: uniqueName(), password: 'secret12' },
      { headers: h },
    );
    expect(email.statusCode).toBe(409);
    expect(email.json().error.details).toEqual({ field: 'email' });
    const name = await post(
      '/api/auth/register',
      { email: `${uniqueName()}@example.com`, username: taken.user.username, password: 'secret12' },
      { headers: h },
    );
    expect(name.json().error.details).toEqual({ field: 'username' });
  });
});
