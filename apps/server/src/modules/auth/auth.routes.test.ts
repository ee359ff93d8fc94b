import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { buildUser, csrfHeaders, lastMailTo, tokenFromLink, uniqueName } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = async (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('GET /api/auth/config', () => {
  it('tells the browser which sign-in options exist', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/config' });
    expect(res.json()).toEqual({ googleClientId: null, requireEmailVerification: true, addCoinsEnabled: true, devNotices: true });
  });
});

describe('register', () => {
  it('creates the account, signs in, and mails a verification link', async () => {
    const name = uniqueName('ada');
    const res = await post(
      '/api/auth/register',
      { email: `${name.toUpperCase()}@Example.com`, username: name, password: 'secret1', confirmPassword: 'secret1' },
      await csrfHeaders(t.app),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.accessToken).toMatch(/^ey/);
    expect(body.refreshToken.length).toBeGreaterThan(30);
    expect(body.requiresEmailVerification).toBe(true);
    expect(body.user).toMatchObject({ username: name, email: `${name}@example.com`, coins: 0, tier: 'free', emailVerified: false });
    expect(body.user.preferences).toEqual({ selectedTags: [], completedOnboarding: false, nsfwEnabled: false });
    expect(body.user).not.toHaveProperty('passwordHash');
    const mail = await lastMailTo(t, `${name}@example.com`);
    expect(mail.link).toContain('/verify-email?token=');
  });

  it('refuses duplicates case-insensitively with a clear 409', async () => {
    const taken = await buildUser(t);
    const h = await csrfHeaders(t.app);
    const email = await post(
      '/api/auth/register',
      { email: taken.user.email.toUpperCase(), username: uniqueName(), password: 'secret1' },
      h,
    );
    expect(email.statusCode).toBe(409);
    expect(email.json().message).toBe('An account with this email already exists');
    const name = await post(
      '/api/auth/register',
      { email: `${uniqueName()}@example.com`, username: taken.user.username.toUpperCase(), password: 'secret1' },
      h,
    );
    expect(name.statusCode).toBe(409);
    expect(name.json().message).toBe('This username is already taken');
  });

  it('validates input with messages a person understands', async () => {
    const h = await csrfHeaders(t.app);
    const short = await post('/api/auth/register', { email: 'b@example.com', username: 'bob', password: '12345' }, h);
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('password: Password must be at least 6 characters');
    const mismatch = await post(
      '/api/auth/register',
      { email: 'b@example.com', username: 'bob', password: '123456', confirmPassword: '1234567' },
      h,
    );
    expect(mismatch.json().message).toBe('confirmPassword: Passwords do not match');
    const email = await post('/api/auth/register', { email: 'not-an-email', username: 'bob', password: '123456' }, h);
    expect(email.json().message).toBe('email: Please enter a valid email address');
  });

  it('refuses register, login and logout without the CSRF token', async () => {
    for (const url of ['/api/auth/register', '/api/auth/login', '/api/auth/logout']) {
      const res = await post(url, { email: 'c@example.com', username: 'carl', password: 'secret1', emailOrUsername: 'carl' });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.code).toBe('CSRF_FAILED');
    }
    const h = await csrfHeaders(t.app);
    const forged = await post('/api/auth/login', { emailOrUsername: 'x', password: 'y' }, { ...h, 'x-csrf-token': 'forged.value' });
    expect(forged.statusCode).toBe(403);
  });
});

describe('login and e-mail verification', () => {
  it('refuses an unverified account, then admits it after the mailed link', async () => {
    const name = uniqueName('vera');
    const u = await buildUser(t, { username: name, email: `${name}@example.com`, password: 'pass1234', verified: false });
    const h = await csrfHeaders(t.app);
    const refused = await post('/api/auth/login', { emailOrUsername: name, password: 'pass1234' }, h);
    expect(refused.statusCode).toBe(403);
    // The browser reads the facts at the top level (product.md §4); the same facts sit in error.details.
    const facts = { requiresEmailVerification: true, email: `${name}@example.com` };
    expect(refused.json()).toMatchObject({ ...facts, error: { code: 'EMAIL_NOT_VERIFIED', details: facts } });
    expect(refused.json().message).toMatch(/verify your email/i);

    const resend = await post('/api/auth/resend-verification', { email: `${name}@example.com` });
    expect(resend.json().success).toBe(true);
    const token = tokenFromLink((await lastMailTo(t, u.user.email)).link, 'token');
    const verified = await post('/api/auth/verify-email', { token });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user.emailVerified).toBe(true);
    const again = await post('/api/auth/verify-email', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/invalid, expired or already used/);

    const byName = await post('/api/auth/login', { emailOrUsername: name.toUpperCase(), password: 'pass1234' }, h);
    expect(byName.statusCode).toBe(200);
    const byEmail = await post('/api/auth/login', { emailOrUsername: `${name.toUpperCase()}@Example.com`, password: 'pass1234' }, h);
    expect(byEmail.statusCode).toBe(200);
    expect(byEmail.json().user.emailVerified).toBe(true);
  });

  it('answers a wrong password and an unknown account the same way', async () => {
    const u = await buildUser(t, { password: 'rightpass' });
    const h = await csrfHeaders(t.app);
    const wrong = await post('/api/auth/login', { emailOrUsername: u.user.username, password: 'wrongpass' }, h);
    const unknown = await post('/api/auth/login', { emailOrUsername: uniqueName('nobody'), password: 'wrongpass' }, h);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(unknown.json().message);
  });
  // Brute-force protection (per client and account, progressive per account): security.routes.test.ts, item 5.
});

describe('sign-up and reset limits per IP', () => {
  it('allows 10 sign-ups an hour from one address, then 429', async () => {
    const prefix = uniqueName('flood');
    const h = await csrfHeaders(t.app);
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: h,
        remoteAddress: '203.0.113.9',
        payload: { email: `${prefix}${i}@example.com`, username: `${prefix}${i}`, password: 'secret12' },
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(codes[10]).toBe(429);
  });

  it('allows 3 reset mails an hour per address', async () => {
    const { user } = await buildUser(t);
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await post('/api/auth/password-reset/request', { email: user.email })).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
  });
});

describe('refresh tokens', () => {
  it('rotates, and a reused token revokes the whole family', async () => {
    const u = await buildUser(t);
    const first = await post('/api/auth/refresh', { refreshToken: u.refreshToken });
    expect(first.statusCode).toBe(200);
    const pair = first.json();
    expect(pair.refreshToken).not.toBe(u.refreshToken);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${pair.accessToken}` } });
    expect(me.json().id).toBe(u.user.id);

    const reuse = await post('/api/auth/refresh', { refreshToken: u.refreshToken });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.body).toContain('Invalid or expired token');
    const afterTheft = await post('/api/auth/refresh', { refreshToken: pair.refreshToken });
    expect(afterTheft.statusCode).toBe(401);
  });

  it('logout revokes the session', async () => {
    const u = await buildUser(t);
    const out = await post('/api/auth/logout', { refreshToken: u.refreshToken }, { ...(await csrfHeaders(t.app)), ...u.auth });
    expect(out.json()).toEqual({ success: true, message: 'Signed out' });
    expect((await post('/api/auth/refresh', { refreshToken: u.refreshToken })).statusCode).toBe(401);
  });
});

describe('profile and password', () => {
  it('reads and updates the profile; e-mail change needs re-verification', async () => {
    const u = await buildUser(t);
    const newAddress = uniqueName('changed');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/me',
      headers: u.auth,
      payload: { bio: 'Hello', email: `${newAddress}@example.com`, currentPassword: u.password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ bio: 'Hello', email: `${newAddress}@example.com`, emailVerified: false });
    expect((await lastMailTo(t, `${newAddress}@example.com`)).link).toContain('/verify-email?token=');
    const other = await buildUser(t);
    const taken = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/me',
      headers: u.auth,
      payload: { username: other.user.username, currentPassword: u.password },
    });
    expect(taken.statusCode).toBe(409);
  });

  it('changing the password signs out other sessions but keeps this one', async () => {
    const u = await buildUser(t, { password: 'old-password' });
    const other = await post('/api/auth/login', { emailOrUsername: u.user.username, password: 'old-password' }, await csrfHeaders(t.app));
    const wrong = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/me/password',
      headers: u.auth,
      payload: { currentPassword: 'nope', newPassword: 'new-password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Current password is incorrect');
    const ok = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/me/password',
      headers: u.auth,
      payload: { currentPassword: 'old-password', newPassword: 'new-password' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await post('/api/auth/refresh', { refreshToken: other.json().refreshToken })).statusCode).toBe(401);
    expect((await post('/api/auth/refresh', { refreshToken: u.refreshToken })).statusCode).toBe(200);
    const login = await post('/api/auth/login', { emailOrUsername: u.user.username, password: 'new-password' }, await csrfHeaders(t.app));
    expect(login.statusCode).toBe(200);
  });

  it('requires the current password of an account that has one', async () => {
    const u = await buildUser(t, { password: 'old-password' });
    for (const payload of [{ newPassword: 'new-password' }, { currentPassword: '', newPassword: 'new-password' }]) {
      const res = await t.app.inject({ method: 'PATCH', url: '/api/auth/me/password', headers: u.auth, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('currentPassword: Current password is required');
    }
    const login = await post('/api/auth/login', { emailOrUsername: u.user.username, password: 'old-password' }, await csrfHeaders(t.app));
    expect(login.statusCode).toBe(200);
  });

  it('resets a forgotten password with a single-use link', async () => {
    const u = await buildUser(t, { password: 'forgotten' });
    const req = await post('/api/auth/password-reset/request', { email: u.user.email });
    expect(req.json().success).toBe(true);
    const unknown = await post('/api/auth/password-reset/request', { email: `${uniqueName('nobody')}@example.com` });
    expect(unknown.json()).toEqual(req.json());
    const token = tokenFromLink((await lastMailTo(t, u.user.email)).link, 'resetToken');
    const short = await post('/api/auth/password-reset/confirm', { token, password: '123' });
    expect(short.statusCode).toBe(400);
    const done = await post('/api/auth/password-reset/confirm', { token, password: 'remembered' });
    expect(done.statusCode).toBe(200);
    expect((await post('/api/auth/password-reset/confirm', { token, password: 'remembered2' })).statusCode).toBe(400);
    expect((await post('/api/auth/refresh', { refreshToken: u.refreshToken })).statusCode).toBe(401);
    const login = await post('/api/auth/login', { emailOrUsername: u.user.email, password: 'remembered' }, await csrfHeaders(t.app));
    expect(login.statusCode).toBe(200);
  });
});

describe('add-coins', () => {
  it('credits through the ledger in sandbox mode, idempotently per key', async () => {
    const u = await buildUser(t);
    const headers = { ...u.auth, 'idempotency-key': 'topup-1' };
    const a = await post('/api/auth/add-coins', { amount: 100 }, headers);
    expect(a.statusCode).toBe(200);
    expect(a.json().coins).toBe(100);
    const b = await post('/api/auth/add-coins', { amount: 100 }, headers);
    expect(b.json().coins).toBe(100);
    const c = await post('/api/auth/add-coins', { amount: 100 }, { ...u.auth, 'idempotency-key': 'topup-2' });
    expect(c.json().user.coins).toBe(200);
    expect((await post('/api/auth/add-coins', { amount: -5 }, u.auth)).statusCode).toBe(400);
    expect((await post('/api/auth/add-coins', { amount: 100 })).statusCode).toBe(401);
  });

  it('is refused, and not offered, when the sandbox top-up is off (the production default)', async () => {
    const off = await createTestApp({ SANDBOX_TOP_UP: 'false' });
    try {
      const u = await buildUser(off);
      const res = await off.app.inject({ method: 'POST', url: '/api/auth/add-coins', headers: u.auth, payload: { amount: 100 } });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Adding free coins is turned off on this server. Buy coins on the Coins page.');
      expect((await off.app.inject({ url: '/api/auth/config' })).json().addCoinsEnabled).toBe(false);
      expect((await off.app.inject({ url: '/api/coins/info', headers: u.auth })).json().addCoinsEnabled).toBe(false);
    } finally {
      await off.close();
    }
  });

  it('is refused outside sandbox mode', async () => {
    const live = await createTestApp({
      PAYMENTS_MODE: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_unused',
      STRIPE_WEBHOOK_SECRET: 'whsec_unused',
    });
    try {
      const u = await buildUser(live);
      const res = await live.app.inject({ method: 'POST', url: '/api/auth/add-coins', headers: u.auth, payload: { amount: 100 } });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/only available in sandbox mode/);
    } finally {
      await live.close();
    }
  });
});
